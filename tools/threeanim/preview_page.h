/*
 * tools/threeanim/preview_page.h -- the fixed text of the preview page: each is
 * a NULL-terminated list of lines, written in order around the data.
 */
#ifndef THREEANIM_TOOLS_PREVIEW_PAGE_H
#define THREEANIM_TOOLS_PREVIEW_PAGE_H

extern const char *const preview_style[];
extern const char *const preview_body[];
extern const char *const preview_script[];

#endif
