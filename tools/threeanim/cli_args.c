/* Options, and the messages of usage errors and refusals (cli_args.h). */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"

bool cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return true;
    return false;
}

int cli_take_value(cli_argv *a, const char *name, const char **value)
{
    const char *arg = a->argv[a->i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0) return 0;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        a->i++;
        return 1;
    }
    if (arg[n] != '\0') return 0;
    if (a->i + 1 >= a->argc) return -1;
    *value = a->argv[a->i + 1];
    a->i += 2;
    return 1;
}

bool cli_take_flag(cli_argv *a, const char *name)
{
    if (strcmp(a->argv[a->i], name) != 0) return false;
    a->i++;
    return true;
}

/* [+-]digits[.digits][e[+-]digits] (either digits part may be empty, not
 * both): what strtod reads beyond that (hex "0x10", "inf", leading spaces) is
 * not a number a user means on a command line. */
static bool is_decimal(const char *p)
{
    size_t digits = 0;
    if (*p == '+' || *p == '-') ++p;
    for (; *p >= '0' && *p <= '9'; ++p) ++digits;
    if (*p == '.')
        for (++p; *p >= '0' && *p <= '9'; ++p) ++digits;
    if (digits == 0) return false;
    if (*p == 'e' || *p == 'E') {
        ++p;
        if (*p == '+' || *p == '-') ++p;
        if (!(*p >= '0' && *p <= '9')) return false;
        while (*p >= '0' && *p <= '9') ++p;
    }
    return *p == '\0';
}

bool cli_parse_number(const char *text, double *out)
{
    if (text == NULL || !is_decimal(text)) return false;
    char *end = NULL;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || !isfinite(v)) return false;
    *out = v;
    return true;
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "threeanim %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n(threeanim %s --help shows how to call it)\n", cmd);
    return CLI_USAGE;
}

/* The library's messages start with the C argument at fault ("name: ...").
 * On the command line that argument is an option or a file the user knows by
 * another name, and the rest of the message quotes the value anyway: these
 * prefixes only repeat it, or name it as an option the user typed. */
static const struct {
    const char *arg, *shown;
} internal_prefixes[] = {
    {"name: ", ""}, {"uuid: ", ""}, {"path: ", ""}, {"document: ", ""}, {"json: ", ""},
    {"reference_frame: ", "--additive: "},
};

const char *cli_user_message(const char *message, char *buf, size_t size)
{
    for (size_t i = 0; i < sizeof internal_prefixes / sizeof internal_prefixes[0]; ++i) {
        size_t n = strlen(internal_prefixes[i].arg);
        if (strncmp(message, internal_prefixes[i].arg, n) == 0) {
            snprintf(buf, size, "%s%s", internal_prefixes[i].shown, message + n);
            return buf;
        }
    }
    return message;
}

int cli_refuse(const char *cmd, const char *what, const ta_error *err)
{
    char buf[sizeof err->message + 32];
    fprintf(stderr, "threeanim %s: %s: %s\n", cmd, what, cli_user_message(err->message, buf, sizeof buf));
    return CLI_REFUSED;
}
