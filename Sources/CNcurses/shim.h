// Wrappers for the parts of ncursesw that Swift cannot see directly:
// macros (A_*, COLOR_PAIR, getmaxyx, KEY_F) and mutable globals (stdscr, LINES, COLS).
#ifndef COTSIDE_CNCURSES_SHIM_H
#define COTSIDE_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <curses.h>
#include <sys/ioctl.h>
#include <unistd.h>

static inline WINDOW *cots_stdscr(void) { return stdscr; }
static inline int cots_lines(void) { return LINES; }
static inline int cots_cols(void) { return COLS; }
static inline int cots_colors(void) { return COLORS; }
static inline int cots_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *cots_stdin(void) { return stdin; }
static inline FILE *cots_stdout(void) { return stdout; }

static inline int cots_getmaxy(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int cots_getmaxx(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }

static inline attr_t cots_a_normal(void) { return A_NORMAL; }
static inline attr_t cots_a_bold(void) { return A_BOLD; }
static inline attr_t cots_a_dim(void) { return A_DIM; }
static inline attr_t cots_a_reverse(void) { return A_REVERSE; }
static inline attr_t cots_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cots_a_italic(void) { return A_ITALIC; }
static inline attr_t cots_color_pair(int n) { return COLOR_PAIR(n); }

static inline int cots_key_f(int n) { return KEY_F0 + n; }
static inline mmask_t cots_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t cots_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cots_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cots_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cots_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cots_button5_pressed(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON5_PRESSED;
#else
    return 0;
#endif
}

/// The terminal's size from the kernel (TIOCGWINSZ; ioctl is variadic, so Swift cannot call it):
/// 0 and rows/cols set, or -1 when `fd` is no terminal.
static inline int cots_window_size(int fd, int *rows, int *cols) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

/// Draws one cell: a wide-character string (one grapheme) with attributes and a colour pair.
static inline int cots_put_cell(int y, int x, const wchar_t *wch, attr_t attrs, short pair) {
    cchar_t c;
    if (setcchar(&c, wch, attrs, pair, NULL) != OK) return ERR;
    return mvadd_wch(y, x, &c);
}
#endif
