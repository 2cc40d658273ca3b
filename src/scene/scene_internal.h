/*
 * src/scene/scene_internal.h -- what the mixer needs of a scene beyond its
 * public calls. Not public.
 *
 * Renaming a node to a name of another length needs memory. An update must not
 * fail once it has started to write, so the mixer makes the new names first
 * (ta__scene_name_make, with the scene's allocator), and installs them while it
 * commits (ta__scene_name_install, which cannot fail); names it did not install
 * go back with ta__scene_name_free.
 */
#ifndef THREEANIM_SRC_SCENE_SCENE_INTERNAL_H
#define THREEANIM_SRC_SCENE_SCENE_INTERNAL_H

#include "threeanim/scene.h"

/* A copy of name (NULL: "") in the scene's memory; NULL when out of memory. */
char *ta__scene_name_make(const ta_scene *scene, const char *name);
/* Makes made the name of node (which must be in the scene), freeing the old one. */
void ta__scene_name_install(ta_scene *scene, ta_node_id node, char *made);
/* Frees a name made by ta__scene_name_make and not installed. NULL does nothing. */
void ta__scene_name_free(const ta_scene *scene, char *made);

#endif
