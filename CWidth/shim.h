#ifndef YOUBI_CWIDTH_SHIM_H
#define YOUBI_CWIDTH_SHIM_H

#include <stddef.h>

// glibc declares wcwidth only under _XOPEN_SOURCE, which Swift's Glibc module
// is not built with, so it does not import. Declare the libc function directly:
// this is the same table ncurses measures with.
extern int wcwidth(wchar_t c);

#endif
