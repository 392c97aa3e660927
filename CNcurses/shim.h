#ifndef YOUBI_CNCURSES_SHIM_H
#define YOUBI_CNCURSES_SHIM_H

// The wide-character API (setcchar, wadd_wchnstr) is declared only when
// NCURSES_WIDECHAR is set before <curses.h> is included.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <curses.h>

// A_* attribute macros expand to NCURSES_BITS(...) and do not import into
// Swift; these return the same values.
static inline attr_t youbi_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t youbi_A_BOLD(void) { return A_BOLD; }
static inline attr_t youbi_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t youbi_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t youbi_A_DIM(void) { return A_DIM; }

// stdscr and COLORS are mutable C globals (macros over the current SCREEN in
// reentrant builds) that Swift 6 refuses to read as shared mutable state;
// these read them for the current screen.
static inline WINDOW *youbi_stdscr(void) { return stdscr; }
static inline int youbi_COLORS(void) { return COLORS; }

#endif
