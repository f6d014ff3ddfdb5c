package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// The layout of a bbolt (format version 2) file's first pages, read here
// before bbolt maps the file: a page starts with a 16-byte header (id,
// flags, count, overflow) and a meta page then holds magic, version,
// page size, flags, the root bucket (page, sequence), the freelist page,
// the number of pages, the transaction id and a checksum of all that.
const (
	boltMagic       = 0xED0CDAED
	boltVersion     = 2
	pageHeaderSize  = 16
	metaSize        = 64                        // up to and including the checksum
	metaSummed      = 56                        // bytes the checksum covers
	noFreelist      = 0xffffffffffffffff        // freelist not stored (NoFreelistSync)
	freelistPageFlg = 0x10                      // page flags of a freelist page
	maxPageSize     = 1 << 24                   // bbolt looks for page sizes up to 16 MiB
	minHeaderRead   = pageHeaderSize + metaSize // bytes of page 0 that hold its meta
)

type boltMeta struct {
	pageSize             uint32
	root, freelist, pgid uint64
	txid                 uint64
}

// readMeta decodes and checks the meta at the start of b.
func readMeta(b []byte) (boltMeta, bool) {
	if len(b) < minHeaderRead {
		return boltMeta{}, false
	}
	m := b[pageHeaderSize:]
	le := binary.LittleEndian
	if le.Uint32(m[0:]) != boltMagic || le.Uint32(m[4:]) != boltVersion {
		return boltMeta{}, false
	}
	h := fnv.New64a()
	h.Write(m[:metaSummed])
	if h.Sum64() != le.Uint64(m[metaSummed:]) {
		return boltMeta{}, false
	}
	return boltMeta{pageSize: le.Uint32(m[8:]), root: le.Uint64(m[16:]), freelist: le.Uint64(m[32:]),
		pgid: le.Uint64(m[40:]), txid: le.Uint64(m[48:])}, true
}

// errNoHeader says that a file has no valid meta page.
var errNoHeader = errors.New("it has no valid bbolt header: it is not a database file (check the path), or its first pages are damaged")

// errTruncated says that a file is shorter than its meta page says.
var errTruncated = errors.New("the file is shorter than its own header says (truncated or partly copied)")

// checkHeader reads a bbolt file's meta pages the way bbolt will, and
// refuses a file whose pages (the freelist page bbolt reads while opening
// included) lie beyond its end. bbolt maps the file and reading past its
// end kills the process with SIGBUS or SIGSEGV, which no recover can
// catch; checking first turns that into an error. A file with no valid
// meta page is refused (errNoHeader), as bbolt would.
func checkHeader(f *os.File, size int64) error {
	var first [0x1000]byte
	n, err := f.ReadAt(first[:], 0)
	if err != nil && err != io.EOF {
		return err
	}
	var metas []boltMeta
	m0, ok0 := readMeta(first[:n])
	pageSize := int64(0)
	if ok0 {
		metas = append(metas, m0)
		pageSize = int64(m0.pageSize)
	}
	// The second meta page is one page in; without the first, bbolt tries
	// every page size from 1 KiB up.
	for try := int64(1024); try <= maxPageSize; try <<= 1 {
		if pageSize != 0 && try != pageSize {
			continue
		}
		if try >= size-1024 {
			break
		}
		var b [minHeaderRead]byte
		if k, _ := f.ReadAt(b[:], try); k == len(b) {
			if m1, ok := readMeta(b[:]); ok && (pageSize == 0 || int64(m1.pageSize) == pageSize) {
				metas = append(metas, m1)
				pageSize = int64(m1.pageSize)
				break
			}
		}
	}
	if len(metas) == 0 {
		// bbolt refuses it too, but a file of one to two pages only with
		// "file size too small N", an error that is not ErrInvalid.
		return errNoHeader
	}
	if pageSize < 512 || pageSize > maxPageSize {
		return nil // bbolt refuses it
	}
	m := metas[0] // bbolt uses the valid meta with the highest transaction id
	if len(metas) == 2 && metas[1].txid > m.txid {
		m = metas[1]
	}
	if m.pgid > uint64(size/pageSize) {
		return fmt.Errorf("%w: it is %d bytes but has %d pages of %d bytes", errTruncated, size, m.pgid, pageSize)
	}
	if m.root >= m.pgid {
		return fmt.Errorf("%w: its root page %d is past its last page %d", errTruncated, m.root, m.pgid)
	}
	if m.freelist == noFreelist {
		return nil
	}
	if m.freelist >= m.pgid {
		return fmt.Errorf("%w: its freelist page %d is past its last page %d", errTruncated, m.freelist, m.pgid)
	}
	// The freelist page: its overflow pages and its list of ids must be
	// inside the file too.
	var hdr [pageHeaderSize + 8]byte
	off := int64(m.freelist) * pageSize
	if k, _ := f.ReadAt(hdr[:], off); k != len(hdr) {
		return fmt.Errorf("%w: its freelist page at byte %d cannot be read", errTruncated, off)
	}
	le := binary.LittleEndian
	flags, count, overflow := le.Uint16(hdr[8:]), uint64(le.Uint16(hdr[10:])), uint64(le.Uint32(hdr[12:]))
	if flags&freelistPageFlg == 0 {
		return fmt.Errorf("page %d, named as the freelist, is not a freelist page", m.freelist)
	}
	if count == 0xFFFF {
		count = le.Uint64(hdr[16:]) + 1 // the first element holds the count
	}
	end := off + int64(overflow+1)*pageSize
	if overflow >= m.pgid || end > size || count > uint64(end-off-pageHeaderSize)/8 {
		return fmt.Errorf("%w: its freelist page %d reaches past the end", errTruncated, m.freelist)
	}
	return nil
}
