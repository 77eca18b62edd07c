#pragma once
/* The REPL's line editor: libedit's readline interface behind functions Swift can call.
 *
 * Swift 6 cannot assign libedit's globals (rl_attempted_completion_function, rl_getc_function,
 * ...) and a signal handler must not run Swift code that allocates, so this shim owns both:
 * the completion callback forwards to one registered Swift function, and SIGINT sets an
 * atomic flag (and pokes an optional async-signal-safe interrupt target, e.g. a Lua state's
 * limits) without ever entering Swift's runtime. */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Collects completion candidates while a completion callback runs. */
typedef struct ues_matches ues_matches;

/** Adds one candidate: the full replacement for the text between `start` and the cursor. */
void ues_matches_add(ues_matches *matches, const char *candidate);

/** The completion callback: `line` is the whole line (UTF-8), `cursor` the cursor in characters
 *  (Unicode scalars). Candidates replace the characters from `*start` (set it; it defaults to the
 *  beginning of libedit's current word) to the cursor. */
typedef void (*ues_complete_fn)(const char *line, int cursor, int *start, ues_matches *matches, void *context);

/** 1 when the libedit built against reads characters (current libedit: Debian's, Homebrew's);
 *  0 for Apple's SDK libedit, where only ASCII reaches the line (see shim.c). */
int ues_reads_unicode(void);

/** Sets up libedit for the REPL (call once, before the first `ues_readline`). */
void ues_initialize(const char *program_name);

/** Registers the completer (NULL: no completion). */
void ues_set_completer(ues_complete_fn function, void *context);

/** Reads a line with editing. Returns a malloc'd line (free with `ues_free`), or NULL at end of
 *  input or when SIGINT arrived while reading (check `ues_take_interrupt`). */
char *ues_readline(const char *prompt);
void ues_free(void *pointer);

/** Installs the SIGINT handler (no SA_RESTART, so a blocking read returns EINTR). */
void ues_install_sigint_handler(void);
/** Whether SIGINT arrived since the last call; clears the flag. */
int ues_take_interrupt(void);
/** A function the handler calls with `context` on every SIGINT (NULL: none). Must be
 *  async-signal-safe, like `cls_limits_interrupt`. */
void ues_set_interrupt_target(void (*function)(void *), void *context);

/** History: the in-memory list, its bound, and the file. */
void ues_history_add(const char *line);
void ues_history_limit(int entries);
int ues_history_load(const char *path);
int ues_history_save(const char *path);

#ifdef __cplusplus
}
#endif
