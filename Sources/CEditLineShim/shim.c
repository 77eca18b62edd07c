/* libedit glue for the REPL: completion trampoline, signal-aware reads, history. */
#define _GNU_SOURCE /* uselocale and newlocale in glibc's <locale.h> */
#include "CEditLineShim.h"
#include <editline/readline.h>
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#ifdef __APPLE__
#include <xlocale.h> /* newlocale, uselocale, freelocale */
#endif
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* Two generations of libedit. Apple's SDK ships NetBSD's readline layer of 2012 (its readline.h
 * is revision 1.33, quoted in tarantool#747, with-readline#6 and mellowcandle/bitwise#5): it
 * declares no rl_catch_signals, its getc hook stores what we return in a `char` (so it must be
 * given bytes, not code points), and its completion positions count bytes. Current libedit
 * (Debian's, Homebrew's keg-only `libedit`) reads through a wchar_t, counts characters, and is
 * the one that declares the RL_STATE_* flags (Debian's readline.h 1.53 has them, 1.39 of 2016
 * has not). Telling them apart by that macro is our inference, not a documented version test. */
#ifdef RL_STATE_NONE
#define UES_CURRENT_LIBEDIT 1
#else
#define UES_CURRENT_LIBEDIT 0
#endif

/* The only mutable globals: what the signal handler and libedit's C callbacks must reach. */
static atomic_int interrupt_pending;
static _Atomic(void (*)(void *)) interrupt_function;
static _Atomic(void *) interrupt_context;
static ues_complete_fn completer;
static void *completer_context;

struct ues_matches {
    char **items;
    size_t count, capacity;
};

void ues_matches_add(ues_matches *m, const char *candidate) {
    if (!m || !candidate) return;
    if (m->count + 2 > m->capacity) {
        size_t capacity = m->capacity ? m->capacity * 2 : 16;
        char **items = realloc(m->items, capacity * sizeof *items);
        if (!items) return;
        m->items = items;
        m->capacity = capacity;
    }
    char *copy = strdup(candidate);
    if (copy) m->items[m->count++] = copy;
}

static void sigint_handler(int signo) {
    (void)signo;
    atomic_store(&interrupt_pending, 1);
    void (*function)(void *) = atomic_load(&interrupt_function);
    if (function) function(atomic_load(&interrupt_context));
}

void ues_install_sigint_handler(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = sigint_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; /* no SA_RESTART: interrupt the read at the prompt */
    sigaction(SIGINT, &action, NULL);
}

int ues_take_interrupt(void) { return atomic_exchange(&interrupt_pending, 0); }

void ues_set_interrupt_target(void (*function)(void *), void *context) {
    atomic_store(&interrupt_function, NULL);
    atomic_store(&interrupt_context, context);
    atomic_store(&interrupt_function, function);
}

/* Reads one character, decoding UTF-8 ourselves (current libedit's custom-getc path takes code
 * points; Apple's takes bytes, which it stores as they come). A SIGINT during the read ends the
 * line as "end of input"; the caller tells the two apart with ues_take_interrupt(). */
static int read_character(FILE *stream) {
    int fd = stream ? fileno(stream) : STDIN_FILENO;
#if !UES_CURRENT_LIBEDIT
    /* Apple's libedit stores what we return in a `char` and sign-extends it into its wide
     * buffer, where bytes from 0x80 up are lost when the line is encoded back (its read.c and
     * chartype.c). So a non-ASCII character arrives as one '?', visibly, and the REPL says at
     * start that Homebrew's libedit reads Unicode. */
    size_t pending = 0;
    for (;;) {
        if (pending == 0 && atomic_load(&interrupt_pending)) return EOF;
        unsigned char byte;
        ssize_t n = read(fd, &byte, 1);
        if (n == 1) {
            if (pending > 0) {
                if ((byte & 0xC0) == 0x80 && --pending > 0) continue;
                if ((byte & 0xC0) == 0x80) return '?';
                pending = 0; /* a broken sequence: this byte starts afresh */
            }
            if (byte < 0x80) return byte;
            pending = (byte & 0xE0) == 0xC0 ? 1 : (byte & 0xF0) == 0xE0 ? 2 : (byte & 0xF8) == 0xF0 ? 3 : 0;
            if (pending == 0) return '?';
            continue;
        }
        if (n < 0 && errno == EINTR) { if (atomic_load(&interrupt_pending)) return EOF; continue; }
        return EOF;
    }
#endif
    unsigned char bytes[4];
    size_t have = 0, need = 1;
    while (have < need) {
        /* Ctrl-C that came before we blocked (no EINTR to see) still ends the line. */
        if (have == 0 && atomic_load(&interrupt_pending)) return EOF;
        ssize_t n = read(fd, bytes + have, 1);
        if (n == 1) {
            if (have == 0) {
                unsigned char b = bytes[0];
                need = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 1;
                if (need == 1 && b >= 0x80) return 0xFFFD;
            } else if ((bytes[have] & 0xC0) != 0x80) {
                return 0xFFFD;
            }
            have++;
            continue;
        }
        if (n < 0 && errno == EINTR) {
            if (atomic_load(&interrupt_pending)) return EOF;
            continue;
        }
        return EOF;
    }
    if (need == 1) return bytes[0];
    int cp = bytes[0] & (0x7F >> need);
    for (size_t i = 1; i < need; i++) cp = (cp << 6) | (bytes[i] & 0x3F);
    return cp;
}

/* Scalars (characters) that start before byte offset `byte`. */
static int scalars_before(const char *s, size_t byte) {
    int n = 0;
    for (size_t i = 0; i < byte && s[i]; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) n++;
    return n;
}

/* Byte offset of the `scalar`-th character. */
static size_t utf8_offset(const char *s, int scalar) {
    size_t i = 0;
    int n = 0;
    while (s[i]) {
        if (((unsigned char)s[i] & 0xC0) != 0x80) {
            if (n == scalar) return i;
            n++;
        }
        i++;
    }
    return i;
}

static char *longest_common_prefix(char **items, size_t count) {
    size_t length = strlen(items[0]);
    for (size_t i = 1; i < count; i++) {
        size_t j = 0;
        while (j < length && items[i][j] == items[0][j]) j++;
        length = j;
    }
    while (length > 0 && ((unsigned char)items[0][length] & 0xC0) == 0x80) length--; /* whole characters */
    char *prefix = malloc(length + 1);
    if (!prefix) return NULL;
    memcpy(prefix, items[0], length);
    prefix[length] = 0;
    return prefix;
}

/* libedit's attempted-completion hook: asks Swift for replacements of [swift start, cursor),
 * then rewrites them to replace libedit's own word [start, end). */
static char **attempted_completion(const char *text, int start, int end) {
    (void)text;
    rl_attempted_completion_over = 1; /* never fall back to libedit's file-name completion */
    if (!completer || !rl_line_buffer) return NULL;
    const char *line = rl_line_buffer;
    /* Swift counts characters; libedit counts characters (current) or bytes (Apple's). */
#if UES_CURRENT_LIBEDIT
    size_t start_byte = utf8_offset(line, start), end_byte = utf8_offset(line, end);
#else
    size_t start_byte = (size_t)start, end_byte = (size_t)end;
#endif
    int start_scalar = scalars_before(line, start_byte), end_scalar = scalars_before(line, end_byte);
    int swift_start = start_scalar;
    ues_matches m = {0};
    completer(line, end_scalar, &swift_start, &m, completer_context);
    if (m.count == 0) { free(m.items); return NULL; }
    if (swift_start < 0 || swift_start > end_scalar) swift_start = start_scalar;

    /* Re-base: prepend line[start, swift_start) or drop line[swift_start, start). */
    size_t a = start_byte, b = utf8_offset(line, swift_start);
    for (size_t i = 0; i < m.count; i++) {
        char *item = m.items[i];
        char *rebased = NULL;
        if (b > a) {
            size_t extra = b - a, len = strlen(item);
            rebased = malloc(extra + len + 1);
            if (rebased) { memcpy(rebased, line + a, extra); memcpy(rebased + extra, item, len + 1); }
        } else if (a > b) {
            size_t drop = a - b;
            if (strlen(item) >= drop && strncmp(item, line + b, drop) == 0) rebased = strdup(item + drop);
            else rebased = strdup("");
        }
        if (rebased) { free(item); m.items[i] = rebased; }
    }

    /* [substitution, match…, NULL]. A single match is listed twice: libedit looks at [2]. */
    char **result = malloc((m.count + 2) * sizeof *result);
    if (!result) { for (size_t i = 0; i < m.count; i++) free(m.items[i]); free(m.items); return NULL; }
    if (m.count == 1) {
        result[0] = strdup(m.items[0]);
        result[1] = m.items[0];
        result[2] = NULL;
        if (!result[0]) { free(result[1]); free(result); free(m.items); return NULL; }
    } else {
        result[0] = longest_common_prefix(m.items, m.count);
        if (!result[0]) result[0] = strdup("");
        memcpy(result + 1, m.items, m.count * sizeof *result);
        result[m.count + 1] = NULL;
    }
    free(m.items);
    return result;
}

int ues_reads_unicode(void) { return UES_CURRENT_LIBEDIT; }

/* libedit decides what a character is by LC_CTYPE: in the "C" locale every byte from 0x80 up
 * is unprintable, so é rang the bell and → showed as \U+2192 (a container without LANG does
 * that). So libedit runs in a UTF-8 LC_CTYPE: the user's locale if it is UTF-8, else one that
 * exists (C.UTF-8 on glibc, UTF-8 on macOS). Only on this thread and only while libedit runs
 * (uselocale): the process keeps the "C" locale, whose <ctype.h> Lua's string.lower and %a use
 * (macOS's UTF-8 locales treat bytes 0x80–0xFF as Latin-1 letters, which would change what a
 * rule computes in the REPL). */
static locale_t utf8_ctype;

static int ctype_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

static void find_utf8_ctype(void) {
    static const char *const names[] = {"", "C.UTF-8", "UTF-8", "en_US.UTF-8"};
    for (size_t i = 0; i < sizeof names / sizeof *names && !utf8_ctype; i++) {
        locale_t candidate = newlocale(LC_CTYPE_MASK, names[i], (locale_t)0);
        if (!candidate) continue;
        locale_t previous = uselocale(candidate);
        int fits = ctype_is_utf8();
        uselocale(previous);
        if (fits) utf8_ctype = candidate;
        else freelocale(candidate);
    }
}

/* The thread's locale to restore after libedit ran (0: nothing was changed). */
static locale_t enter_utf8_ctype(void) { return utf8_ctype ? uselocale(utf8_ctype) : (locale_t)0; }
static void leave_utf8_ctype(locale_t previous) { if (previous) uselocale(previous); }

void ues_initialize(const char *program_name) {
    static char name[64];
    strncpy(name, program_name ? program_name : "uniform", sizeof name - 1);
    rl_readline_name = name;
    find_utf8_ctype();
#if UES_CURRENT_LIBEDIT
    rl_catch_signals = 0; /* our handler, not libedit's re-raising one */
#endif
    /* Apple's libedit exports no such switch. Its EL_SIGNAL handler (sig.c) restores the
     * terminal and the previous handler, ours, then sends the signal to the process group with
     * kill(0, signo), which ends the read the same way (read from Apple's libedit source, not
     * run on a Mac). */
    rl_getc_function = read_character;
    rl_attempted_completion_function = attempted_completion;
    rl_completion_append_character = '\0';
    static char breaks[] = " \t\n\"'(),;=+-*/%^#<>~[]{}";
    rl_completer_word_break_characters = breaks;
    locale_t previous = enter_utf8_ctype();
    rl_initialize();
    leave_utf8_ctype(previous);
}

void ues_set_completer(ues_complete_fn function, void *context) {
    completer = function;
    completer_context = context;
}

/* libedit prints the prompt before it switches the terminal to raw mode, so keys typed right
 * after the prompt appears could meet the canonical line discipline (echoed twice, Ctrl-D lost).
 * Leaving canonical mode and echo first closes that window; libedit ignores non-canonical
 * settings when it records the "cooked" mode, and the original settings come back afterwards. */
char *ues_readline(const char *prompt) {
    struct termios saved, quiet;
    int terminal = isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved) == 0;
    if (terminal) {
        quiet = saved;
        quiet.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
        quiet.c_cc[VMIN] = 1;
        quiet.c_cc[VTIME] = 0;
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    locale_t previous = enter_utf8_ctype();
    char *line = readline(prompt);
    leave_utf8_ctype(previous);
    if (terminal) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    return line;
}
void ues_free(void *pointer) { free(pointer); }

void ues_history_add(const char *line) { if (line && *line) add_history(line); }
void ues_history_limit(int entries) { stifle_history(entries); }
int ues_history_load(const char *path) { return read_history(path); }
int ues_history_save(const char *path) { return write_history(path); }
