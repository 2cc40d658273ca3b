/*
 * tools/threeanim/cli_target.h -- what a track drives, said as three.js says
 * it ("hips.quaternion", "Face.morphTargetInfluences[smile]",
 * "Bubble.material.opacity"), named after the model's nodes. A target's value
 * is read with ta_property_read (property.h), its name made with
 * ta_track_name_format (animation_json.h).
 *
 * A node is named by its name when that is unique in the scene and holds none
 * of ". [ ] : /" (so the label parses back as a three.js path); otherwise by
 * "#N" for glTF node N, by its uuid, or as a last resort "@I" (its place in
 * the scene's list). The same names serve info, bake, plot and preview, so a
 * column of a bake is the label of a panel of a plot.
 *
 * Ownership: cli_names holds one string per node (cli_names_free).
 */
#ifndef THREEANIM_TOOLS_CLI_TARGET_H
#define THREEANIM_TOOLS_CLI_TARGET_H

#include <stdbool.h>
#include <stddef.h>

#include "threeanim/threeanim.h"

typedef struct cli_names {
    const ta_model *model;
    char **node_refs; /* scene->node_count strings */
} cli_names;

ta_result cli_names_init(cli_names *names, const ta_model *model, ta_error *err);
void cli_names_free(cli_names *names);
const char *cli_node_ref(const cli_names *names, ta_node_id node);

/* The three.js path of a target, into buf; a target whose owner is not in
 * the model is labelled by its place ("light[2].intensity"). */
void cli_target_label(const cli_names *names, ta_track_target target, char *buf, size_t size);

/* A ta_target_namer (animation_json.h) for clip JSON that three.js binds by
 * name: user is a cli_names. A node goes by its name when no other node has
 * it (and it holds none of ". [ ] : /"), else by its uuid; a node with
 * neither is refused (TA_ERROR_UNSUPPORTED). A material goes by the first mesh
 * that draws with it. */
ta_result cli_target_owner(void *names, const ta_track_target *target, ta_target_owner *out_owner, ta_error *err);

/* For labels: the property's unit ("m", "rad", ...; "" for none), and the
 * names of a value's numbers ("x", "y", "z" / "r", "g", "b" / ...). */
const char *cli_kind_unit(ta_track_kind kind);
const char *cli_component_name(ta_track_kind kind, uint32_t i);

#endif
