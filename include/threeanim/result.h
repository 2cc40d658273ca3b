/**
 * @file
 * threeanim/result.h -- result codes and the error struct.
 *
 * Every fallible call returns a ta_result (TA_OK is 0) and takes an optional
 * `ta_error *err` as its last argument. When the call is refused, err (if not
 * NULL) receives the code and a message that names the argument, the index and
 * the value at fault, for instance
 *
 *     times: key 7 time 0.5 is not after key 6 time 0.5
 *
 * A refused call changes nothing: every object it was given is as it was.
 *
 *     ta_error err = {0};
 *     if (ta_track_create(&desc, NULL, &track, &err) != TA_OK)
 *         fprintf(stderr, "%s: %s\n", ta_result_name(err.code), err.message);
 */
#ifndef THREEANIM_RESULT_H
#define THREEANIM_RESULT_H

#include <stddef.h>

#include "threeanim/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * What a fallible call returns: TA_OK (0), or the kind of mistake that made it refuse. The ta_error
 * it filled says which argument, index and value.
 */
typedef enum ta_result {
    TA_OK = 0,                  /**< the call did what it says */
    TA_ERROR_INVALID_ARGUMENT,  /**< a NULL pointer, a count that overflows, an option out of range */
    TA_ERROR_OUT_OF_MEMORY,     /**< the allocator returned NULL */
    TA_ERROR_LIMIT_EXCEEDED,    /**< a loader limit set by the caller was passed */
    TA_ERROR_UNKNOWN_ENUM,      /**< a kind, interpolation, ending, loop or blend mode not named */
    TA_ERROR_NOT_A_NUMBER,      /**< NaN or an infinity where a finite number is needed */
    TA_ERROR_NO_KEYS,           /**< a track with no keys */
    TA_ERROR_BAD_TIMES,         /**< key times negative or not rising */
    TA_ERROR_BAD_VALUE_COUNT,   /**< values that do not divide into one per key */
    TA_ERROR_BAD_KEY_VALUE,     /**< a rotation key not of unit length, a flag key not 0 or 1 */
    TA_ERROR_BAD_INTERPOLATION, /**< an interpolation the kind cannot have (SMOOTH rotation, ...) */
    TA_ERROR_BAD_TANGENTS,      /**< tangents or control points missing or miscounted */
    TA_ERROR_WRONG_KIND,        /**< a kind of another family, or a value read as the wrong type */
    TA_ERROR_OUT_OF_RANGE,      /**< a number outside what the call accepts */
    TA_ERROR_EMPTY_CLIP,        /**< a clip with no tracks or no length; a subclip that keeps nothing */
    TA_ERROR_BAD_STATE,         /**< the call does not fit the object's state */
    TA_ERROR_NO_SUCH_ACTION,    /**< an action index the mixer does not have, or uncached */
    TA_ERROR_MISSING_TARGET,    /**< a node, mesh, material, map, light or camera that is not there */
    TA_ERROR_MISSING_CONTEXT,   /**< a material track without the assets, a camera track without cameras */
    TA_ERROR_VALUE_NOT_HELD,    /**< a value that its property cannot hold */
    TA_ERROR_CLOCK_RANGE,       /**< a time advance the action clock cannot represent */
    TA_ERROR_PARSE,             /**< a malformed document: syntax, wrong types, missing fields */
    TA_ERROR_UNSUPPORTED,       /**< well formed, but not something this library reads or drives */
    TA_ERROR_IO,                /**< a file that cannot be read or written */
    TA_ERROR_NOT_FOUND,         /**< a lookup that found nothing */
    TA_RESULT_COUNT             /**< the number of codes; not a code */
} ta_result;

/** The size of ta_error::message, with its terminating NUL; a longer message is cut. */
#define TA_ERROR_MESSAGE_SIZE 512

/**
 * The reason for a refusal. Pass one (zeroed, or not: a refusal overwrites both fields) as the last
 * argument of a fallible call; NULL is allowed everywhere and means "do not tell me why". Read it
 * only when the call returned something other than TA_OK.
 */
typedef struct ta_error {
    ta_result code;                      /**< the code the call returned */
    char message[TA_ERROR_MESSAGE_SIZE]; /**< NUL-terminated: the argument, the index and the value at fault */
} ta_error;

/**
 * The name of a result code without the TA_ or TA_ERROR_ prefix: "OK", "NO_KEYS", ...; "?" for a
 * value that is not a ta_result.
 *
 * @ownership The string is static; do not free it.
 * @errors None.
 * @threejs None: three.js throws exceptions or prints warnings instead of returning codes.
 */
TA_API const char *ta_result_name(ta_result code);

/**
 * The library's version, "MAJOR.MINOR.PATCH": the version of the CMake project it was built from,
 * the same as the CMake package's threeanim_VERSION and pkg-config's --modversion.
 *
 * @ownership The string is static; do not free it.
 * @errors None.
 * @threejs THREE.REVISION names three.js's release ("186"); this is threeanim's own version.
 */
TA_API const char *ta_library_version(void);

#ifdef __cplusplus
}
#endif

#endif
