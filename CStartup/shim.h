#ifndef YOUBI_CSTARTUP_SHIM_H
#define YOUBI_CSTARTUP_SHIM_H

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

// The executable's zero-initialised data, as the linker bounds it.
extern char __bss_start[], _end[];

// A start touches nearly every page of the executable's .bss (the Swift
// runtime's metadata caches and first allocation pool, lazily made globals,
// ncurses' and libc's state): 52 of its 61 pages, one page fault each, spread
// over the whole start. This makes them all at once, in one call, first thing
// (Linux 5.14's MADV_POPULATE_WRITE; an older kernel refuses it, harmlessly).
static inline void youbi_populate_bss(void) {
  uintptr_t page = (uintptr_t)getpagesize();
  uintptr_t start = ((uintptr_t)__bss_start + page - 1) & ~(page - 1);
  uintptr_t end = ((uintptr_t)_end + page - 1) & ~(page - 1);
  if (end > start) (void)madvise((void *)start, end - start, MADV_POPULATE_WRITE);
}

#endif
