package corpus

import (
	"strconv"
	"testing"
)

// TestItemIndex: Item finds each id's first item through its index in a
// document of any size, its zero value and copies included, and sees
// Items replaced, appended to or given another id in place of one.
func TestItemIndex(t *testing.T) {
	var zero Document
	if zero.Item("rule:1") != nil {
		t.Fatal("the zero document has an item")
	}
	for _, n := range []int{1, smallDocument, smallDocument + 1, 500} {
		d := &Document{}
		for k := 1; k <= n; k++ {
			d.Items = append(d.Items, Item{ID: "rule:" + strconv.Itoa(k), Text: strconv.Itoa(k)})
		}
		d.Items = append(d.Items, Item{ID: "rule:1", Text: "again"})
		for k := 1; k <= n; k++ {
			id := "rule:" + strconv.Itoa(k)
			if it := d.Item(id + "#B"); it == nil || it != &d.Items[k-1] {
				t.Fatalf("n=%d: Item(%q) = %v, want the item at %d", n, id, it, k-1)
			}
		}
		if d.Item("rule:0") != nil {
			t.Errorf("n=%d: an id no item has is found", n)
		}
		// A copy with other items finds its own.
		c := *d
		c.Items = append([]Item(nil), d.Items...)
		c.Items[0].ID = "rule:x"
		if it := c.Item("rule:x"); it != &c.Items[0] {
			t.Errorf("n=%d: the copy's item is not found by its id", n)
		}
		if it := d.Item("rule:1"); it != &d.Items[0] {
			t.Errorf("n=%d: the original's item is not found after the copy's", n)
		}
		// Appended to: the new item is found.
		d.Items = append(d.Items, Item{ID: "rule:new"})
		if it := d.Item("rule:new"); it != &d.Items[len(d.Items)-1] {
			t.Errorf("n=%d: an appended item is not found", n)
		}
		// An id changed in place: the old id is not found at that item.
		d.Items[0].ID = "rule:gone"
		if it := d.Item("rule:1"); it != &d.Items[n] {
			t.Errorf("n=%d: Item(rule:1) after its first item's id changed = %v, want the second", n, it)
		}
	}
}
