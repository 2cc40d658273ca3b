/**
 * @file
 * threeanim/export.h -- symbol visibility.
 *
 * The library is built with hidden visibility; only functions marked TA_API
 * are exported from the shared library. Define TA_STATIC when linking the
 * static library on platforms where that matters.
 */
#ifndef THREEANIM_EXPORT_H
#define THREEANIM_EXPORT_H

#if defined(_WIN32) && !defined(TA_STATIC)
#  if defined(TA_BUILDING_LIBRARY)
#    define TA_API __declspec(dllexport)
#  else
#    define TA_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) || defined(__clang__)
#  define TA_API __attribute__((visibility("default")))
#else
#  define TA_API
#endif

#endif
