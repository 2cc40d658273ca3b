/* Result names, error filling and the version string. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/internal.h"
#include "threeanim/result.h"

#ifndef TA_VERSION_STRING
#define TA_VERSION_STRING "0.0.0"
#endif

static const char *const result_names[TA_RESULT_COUNT] = {
    "OK",
    "INVALID_ARGUMENT",
    "OUT_OF_MEMORY",
    "LIMIT_EXCEEDED",
    "UNKNOWN_ENUM",
    "NOT_A_NUMBER",
    "NO_KEYS",
    "BAD_TIMES",
    "BAD_VALUE_COUNT",
    "BAD_KEY_VALUE",
    "BAD_INTERPOLATION",
    "BAD_TANGENTS",
    "WRONG_KIND",
    "OUT_OF_RANGE",
    "EMPTY_CLIP",
    "BAD_STATE",
    "NO_SUCH_ACTION",
    "MISSING_TARGET",
    "MISSING_CONTEXT",
    "VALUE_NOT_HELD",
    "CLOCK_RANGE",
    "PARSE",
    "UNSUPPORTED",
    "IO",
    "NOT_FOUND",
};

const char *ta_result_name(ta_result code)
{
    if ((int)code < 0 || code >= TA_RESULT_COUNT) return "?";
    return result_names[code];
}

const char *ta_library_version(void)
{
    return TA_VERSION_STRING;
}

ta_result ta__vfail(ta_error *err, ta_result code, const char *fmt, va_list ap)
{
    if (err != NULL) {
        err->code = code;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
    }
    return code;
}

ta_result ta__fail(ta_error *err, ta_result code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ta__vfail(err, code, fmt, ap);
    va_end(ap);
    return code;
}

ta_result ta__prefix(ta_error *err, ta_result code, const char *fmt, ...)
{
    if (err == NULL) return code;
    /* Both are copied first: the new message is written over the old one. */
    char context[TA_ERROR_MESSAGE_SIZE], message[TA_ERROR_MESSAGE_SIZE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(context, sizeof context, fmt, ap);
    va_end(ap);
    snprintf(message, sizeof message, "%s", err->message);
    return ta__fail(err, code, "%s: %s", context, message);
}

void ta__clear(ta_error *err)
{
    if (err != NULL) {
        err->code = TA_OK;
        err->message[0] = '\0';
    }
}
