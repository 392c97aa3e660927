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
#include <term.h>

// A_* attribute macros expand to NCURSES_BITS(...) and do not import into
// Swift; these return the same values.
static inline attr_t youbi_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t youbi_A_BOLD(void) { return A_BOLD; }
static inline attr_t youbi_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t youbi_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t youbi_A_DIM(void) { return A_DIM; }

// stdscr, curscr and COLORS are mutable C globals (macros over the current SCREEN in
// reentrant builds) that Swift 6 refuses to read as shared mutable state;
// these read them for the current screen.
static inline WINDOW *youbi_stdscr(void) { return stdscr; }
static inline WINDOW *youbi_curscr(void) { return curscr; }
static inline WINDOW *youbi_newscr(void) { return newscr; }
static inline int youbi_COLORS(void) { return COLORS; }

// ncurses sends the terminal's `oc` (orig_colors: xterm's OSC 104, every
// palette entry back to its default) each time it comes back from `endwin`
// with colours on: after Ctrl-Z and fg, after a terminal browser, and at the
// first frame. Youbi never changes the palette (no init_color), so it has
// nothing to reset, and a palette the user's theme set must stay. Empties
// the capability where ncurses keeps it (tigetstr hands back that string,
// read from the terminfo file onto the heap: this ncurses has no compiled-in
// descriptions), once, after newterm. (term.h's `orig_colors` variable is a
// copy ncurses 6 no longer reads.)
static inline void youbi_keep_palette(void) {
  char *oc = tigetstr("oc");
  if (oc != NULL && oc != (char *)-1) oc[0] = '\0';
}

// tiparm is variadic, which Swift does not import: a capability with one number
// (dch, ich: delete or insert that many characters), ready for putp.
static inline const char *youbi_tiparm1(const char *cap, int n) { return tiparm(cap, n); }
static inline const char *youbi_tiparm2(const char *cap, int a, int b) { return tiparm(cap, a, b); }

#endif
