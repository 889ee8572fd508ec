#ifndef CAIRN_CNCURSESW_SHIM_H
#define CAIRN_CNCURSESW_SHIM_H
// Wide-character curses: without this the cchar_t / *_wch API is invisible (PLATFORM.md).
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Macros and globals that Swift cannot import or that Swift 6 rejects, as small getters.
static inline WINDOW *cairn_stdscr(void) { return stdscr; }
static inline int cairn_lines(void) { return LINES; }
static inline int cairn_cols(void) { return COLS; }
static inline int cairn_colors(void) { return COLORS; }
static inline int cairn_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t cairn_a_bold(void) { return A_BOLD; }
static inline attr_t cairn_a_dim(void) { return A_DIM; }
static inline attr_t cairn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cairn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cairn_a_italic(void) { return A_ITALIC; }
static inline attr_t cairn_a_normal(void) { return A_NORMAL; }
static inline int cairn_key_resize(void) { return KEY_RESIZE; }
static inline int cairn_key_mouse(void) { return KEY_MOUSE; }
static inline mmask_t cairn_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t cairn_button4_pressed(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t cairn_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t cairn_button5_pressed(void) { return 0; }
#endif
static inline mmask_t cairn_button1_clicked(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED; }
static inline int cairn_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int cairn_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline const char *cairn_codeset(void) { return nl_langinfo(CODESET); }
#endif
