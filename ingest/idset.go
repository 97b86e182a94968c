package ingest

import "hash/maphash"

// idSet is a set of strings (the ids given so far, without their prefix:
// idState.given). An id that is a number as strconv.Itoa writes it,
// below numberBits, is a bit of nums; any other is held in one run of
// bytes, with an index of open addressing into it. A map[string]bool of
// a million ids held some 40 MB: its slots (a string header and a bool,
// 24 bytes, a third of them empty) and each id's own allocation. Here
// a number costs a bit (of the bits up to the greatest number), any
// other id its bytes, its end (4 bytes) and a slot of 4 bytes at most
// three quarters full.
type idSet struct {
	nums  []uint64 // bit n%64 of nums[n/64]: the number n is in the set
	bytes []byte   // the ids, one after another
	ends  []uint32 // the end of each id in bytes
	// slots holds 1 + the index of an id in ends, or 0 for an empty
	// slot; its length is a power of two, and an id sits at the first
	// free slot from its hash on.
	slots []uint32
	seed  maphash.Seed
}

// numberBits bounds the numbers idSet holds as bits: the bits of the
// greatest number are made, 2 MB at most.
const numberBits = 1 << 24

// at is the id of index i.
func (s *idSet) at(i uint32) string {
	start := uint32(0)
	if i > 0 {
		start = s.ends[i-1]
	}
	return string(s.bytes[start:s.ends[i]])
}

// find returns the slot of id: the one that holds it, or the empty one
// where it goes. The set has slots.
func (s *idSet) find(id string) (slot int, found bool) {
	mask := len(s.slots) - 1
	i := int(maphash.String(s.seed, id)) & mask
	for {
		e := s.slots[i]
		if e == 0 {
			return i, false
		}
		// The comparison converts without a copy.
		if s.at(e-1) == id {
			return i, true
		}
		i = (i + 1) & mask
	}
}

// has reports whether id is in the set.
func (s *idSet) has(id string) bool {
	if n, ok := smallNumber(id, numberBits); ok {
		return n/64 < len(s.nums) && s.nums[n/64]&(1<<(n%64)) != 0
	}
	if len(s.slots) == 0 {
		return false
	}
	_, ok := s.find(id)
	return ok
}

// add puts id in the set.
func (s *idSet) add(id string) {
	if n, ok := smallNumber(id, numberBits); ok {
		if n/64 >= len(s.nums) {
			s.nums = append(s.nums, make([]uint64, n/64+1-len(s.nums))...)
		}
		s.nums[n/64] |= 1 << (n % 64)
		return
	}
	if len(s.slots) == 0 {
		s.seed = maphash.MakeSeed()
		s.slots = make([]uint32, 64)
	}
	i, ok := s.find(id)
	if ok {
		return
	}
	s.bytes = append(s.bytes, id...)
	s.ends = append(s.ends, uint32(len(s.bytes)))
	s.slots[i] = uint32(len(s.ends))
	if 4*len(s.ends) > 3*len(s.slots) {
		s.grow()
	}
}

// grow doubles the slots and places the ids again.
func (s *idSet) grow() {
	s.slots = make([]uint32, 2*len(s.slots))
	for e := range s.ends {
		i, _ := s.find(s.at(uint32(e)))
		s.slots[i] = uint32(e + 1)
	}
}
