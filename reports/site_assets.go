package reports

// The site's static files: its style sheet and scripts. The pages load
// them from the site itself ('self' in their Content-Security-Policy),
// so that they work from file:// and nothing runs inline.

const siteCSS = `*{box-sizing:border-box}
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}
a{color:#0b57a6} a:focus,input:focus{outline:3px solid #f0a500;outline-offset:2px}
.skip{position:absolute;left:-999px} .skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
header{background:#123;color:#fff;padding:.6rem 1rem} header nav{display:flex;flex-wrap:wrap;gap:.2rem 1rem} header a{color:#fff}
main{max-width:72rem;margin:0 auto;padding:1rem}
table{border-collapse:collapse;width:100%} th,td{border:1px solid #ccc;padding:.4rem;vertical-align:top;text-align:left}
th{background:#f2f2f2} td.n{text-align:right}
.side td{width:50%} .finding{margin:.2rem 0;padding:.2rem .4rem;border-left:4px solid #999;background:#fafafa;font-size:.9em}
.error{border-color:#b00020} .warning{border-color:#c77700} .info{border-color:#607d8b}
del{background:#ffe0e0;color:#8a1010} ins{background:#dff5df;color:#0b5a0b;text-decoration:none}
.id,.num{font-family:ui-monospace,monospace;font-size:.85em;color:#444} .text{white-space:pre-wrap}
#results li{margin:.3rem 0} .hit{font-size:.9em;color:#555} label{font-weight:600}
#search label{display:block;margin-top:1rem}
input[type=search]{font:inherit;padding:.4rem;width:100%;max-width:30rem}
.bar{display:block;width:100%;max-width:30rem;height:1rem;margin:.3rem 0;border:1px solid #888}
.legend{list-style:none;padding:0;margin:.2rem 0;display:flex;flex-wrap:wrap;gap:.2rem 1rem;font-size:.9em}
.swatch{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;border:1px solid #555;vertical-align:-.1rem}
.k-translated{fill:#2e7d32;background:#2e7d32} .k-fuzzy{fill:#f57c00;background:#f57c00}
.k-stale{fill:#e0a000;background:#e0a000} .k-untranslated{fill:#9e9e9e;background:#9e9e9e}
.k-substantive{fill:#8e24aa;background:#8e24aa} .k-editorial{fill:#1e88e5;background:#1e88e5}
.k-added{fill:#43a047;background:#43a047} .k-removed{fill:#616161;background:#616161}
fieldset{border:1px solid #ccc;margin:1rem 0;padding:.4rem .8rem} fieldset label{font-weight:normal;margin-right:1rem;white-space:nowrap}
.files a{margin-right:.6rem;white-space:nowrap;display:inline-block} .scope{border-left:4px solid #607d8b;padding:.3rem .8rem;background:#f4f6f8}
blockquote{margin:.3rem 0;padding:.3rem .8rem;border-left:4px solid #ddd;background:#fafafa;white-space:pre-wrap}
.meta{color:#555;font-size:.9em} nav.toc ul{margin:.2rem 0}
@media (max-width:700px){.side td,.side th{display:block;width:100%} table{font-size:.9em} .bar{max-width:100%} h1{font-size:1.45rem;overflow-wrap:anywhere} main{padding:.6rem}}
@media (prefers-color-scheme:dark){body{background:#151515;color:#eee} th{background:#262626} .finding,blockquote,.scope{background:#222} a{color:#8ab4f8} header{background:#0a1a2a} .id,.num,.meta,.hit{color:#bbb}}
`

// searchJS runs the overview's search box over search-index.js: each
// entry is the document (d), the item's printed label (l), title (t),
// text (x) and page (u).
const searchJS = `(function(){
  var input = document.getElementById('q');
  var list = document.getElementById('results');
  var status = document.getElementById('status');
  if (!input || !list || !window.RULESYNC_INDEX) return;
  function run(){
    var q = input.value.trim().toLowerCase();
    list.innerHTML = '';
    if (q.length < 2) { status.textContent = ''; return; }
    var n = 0;
    for (var i = 0; i < RULESYNC_INDEX.length && n < 50; i++) {
      var e = RULESYNC_INDEX[i];
      var at = e.x.toLowerCase().indexOf(q);
      if (at < 0 && (e.t + ' ' + e.l).toLowerCase().indexOf(q) < 0) continue;
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = e.u; a.textContent = e.d + ' ' + e.l + (e.t && e.t !== e.l ? ': ' + e.t : '');
      li.appendChild(a);
      if (at >= 0) {
        // The words around the match, the match itself marked.
        var from = Math.max(0, at - 60), to = Math.min(e.x.length, at + q.length + 60);
        var p = document.createElement('div');
        p.className = 'hit';
        var mark = document.createElement('mark');
        mark.textContent = e.x.slice(at, at + q.length);
        p.appendChild(document.createTextNode((from > 0 ? '…' : '') + e.x.slice(from, at)));
        p.appendChild(mark);
        p.appendChild(document.createTextNode(e.x.slice(at + q.length, to) + (to < e.x.length ? '…' : '')));
        li.appendChild(p);
      }
      list.appendChild(li); n++;
    }
    status.textContent = n + (n === 50 ? '+' : '') + ' results';
  }
  input.addEventListener('input', run);
  var m = /[?&]q=([^&]*)/.exec(location.search);
  if (m) { input.value = decodeURIComponent(m[1].replace(/\+/g, ' ')); run(); }
})();
`

// siteJS runs the filters of a translation page: the rows of the
// side-by-side table (tr[data-state]) shown by the radio button chosen,
// all of them, those with findings (data-findings not 0), or those of a
// state (stale, missing); ?show=stale in the address chooses one when
// the page opens. It needs no server: it reads only the page.
const siteJS = `(function(){
  var form = document.getElementById('filters');
  if (!form) return;
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr[data-state]'));
  var status = document.getElementById('filter-status');
  function apply(v){
    var n = 0;
    rows.forEach(function(r){
      var show = v === 'all' || (v === 'findings' ? r.getAttribute('data-findings') !== '0' : r.getAttribute('data-state') === v);
      r.hidden = !show;
      if (show) n++;
    });
    if (status) status.textContent = 'Showing ' + n + ' of ' + rows.length + ' items.';
  }
  form.addEventListener('change', function(e){
    if (e.target && e.target.name === 'show') apply(e.target.value);
  });
  var m = /[?&]show=([a-z]+)/.exec(location.search);
  var chosen = form.querySelector('input[name=show][value="' + (m ? m[1] : 'all') + '"]') || form.querySelector('input[name=show]');
  if (chosen) { chosen.checked = true; apply(chosen.value); }
})();
`
