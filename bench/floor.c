/*
 * The floor: a plain C ncurses pager of the bench week, to measure Youbi against.
 *
 *   cc -O2 bench/floor.c -lncursesw -o floor && ./floor week.txt
 *
 * It does the least a weekday pager can: reads the week (lines of
 * day<TAB>title<TAB>author, day 0 = Monday, as bench/make_week.py writes them),
 * draws a tab bar, the day's heading, its list with a cursor and a footer, and
 * answers h/l and the arrows (day, no animation), j/k (cursor) and q. Nothing
 * else: no animation, no mouse, no colours, no reload, no state. make bench
 * builds it with cc and runs it beside the installed youbi (bench/terminal_bench.py).
 */
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DAYS = 7, MAX_ENTRIES = 4096 };

static const char *names[DAYS] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
static const char *full[DAYS] = {"Monday",   "Tuesday", "Wednesday", "Thursday",
                                 "Friday",   "Saturday", "Sunday"};
static char *entries[DAYS][MAX_ENTRIES];
static int counts[DAYS];
static int cursor[DAYS], top[DAYS];

static void load(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    exit(66);
  }
  char line[1024];
  while (fgets(line, sizeof line, f)) {
    int day = line[0] - '0';
    char *title = strchr(line, '\t');
    if (day < 0 || day >= DAYS || !title || counts[day] == MAX_ENTRIES) continue;
    title++;
    line[strcspn(line, "\n")] = 0;
    char *author = strchr(title, '\t');
    char text[1100];
    if (author) {
      *author++ = 0;
      snprintf(text, sizeof text, "%s \xe2\x80\x94 %s", title, author);  // " — "
    } else {
      snprintf(text, sizeof text, "%s", title);
    }
    entries[day][counts[day]++] = strdup(text);
  }
  fclose(f);
}

static void draw(int day) {
  int rows = LINES, cols = COLS, list = rows - 3;
  erase();
  for (int d = 0, x = 1; d < DAYS && x + 3 < cols; d++, x += 5) {
    if (d == day) attron(A_REVERSE | A_BOLD);
    mvaddstr(0, x, names[d]);
    if (d == day) attroff(A_REVERSE | A_BOLD);
  }
  attron(A_BOLD);
  mvprintw(1, 1, "%s (%d)", full[day], counts[day]);
  attroff(A_BOLD);
  if (cursor[day] < top[day]) top[day] = cursor[day];
  if (list > 0 && cursor[day] >= top[day] + list) top[day] = cursor[day] - list + 1;
  for (int i = 0; i < list && top[day] + i < counts[day]; i++) {
    int n = top[day] + i;
    if (n == cursor[day]) attron(A_REVERSE);
    mvaddnstr(2 + i, 1, n == cursor[day] ? "> " : "  ", 2);
    mvaddnstr(2 + i, 3, entries[day][n], -1);
    if (n == cursor[day]) attroff(A_REVERSE);
  }
  mvaddstr(rows - 1, 1, "h/l day  j/k move  q quit");
  refresh();
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: floor WEEK.txt\n");
    return 64;
  }
  setlocale(LC_ALL, "");
  load(argv[1]);
  if (!newterm(NULL, stdout, stdin)) {
    fprintf(stderr, "floor: no usable terminal\n");
    return 1;
  }
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  int day = 0;
  draw(day);
  for (;;) {
    int key = getch();
    switch (key) {
      case 'q': endwin(); return 0;
      case 'h': case KEY_LEFT: day = (day + DAYS - 1) % DAYS; break;
      case 'l': case KEY_RIGHT: day = (day + 1) % DAYS; break;
      case 'j': case KEY_DOWN: if (cursor[day] + 1 < counts[day]) cursor[day]++; break;
      case 'k': case KEY_UP: if (cursor[day] > 0) cursor[day]--; break;
      case ERR: endwin(); return 0;
      default: break;
    }
    draw(day);
  }
}
