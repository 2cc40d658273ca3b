/* `threeanim info FILE`: the scene tree, each clip and its tracks, and what
 * looks wrong. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "cli_target.h"

void cli_info_help(FILE *out)
{
    fputs("usage: threeanim info FILE\n"
          "\n"
          "Prints what FILE (glTF .gltf/.glb or three.js Object JSON) holds: the scene tree\n"
          "(each node's name, its three.js kind, and the meshes, morph targets, materials,\n"
          "bones, lights and cameras on it), then each clip: its duration and blend mode,\n"
          "and for each track its target (a three.js path), kind, interpolation, key count\n"
          "and time range.\n"
          "\n"
          "Flagged with '!': keys that optimize would drop (a key equal to both neighbours),\n"
          "a track that runs past its clip's end, and what the loader fixed or left out\n"
          "(rotation keys that were not of unit length and were normalized, channels it\n"
          "does not drive, ...).\n"
          "\n"
          "Exit status: 0 done; 1 a file that cannot be read or that the loader refuses (its\n"
          "message names the place in the file); 2 a usage error.\n",
          out);
}

static const char *node_type_name(ta_node_type t)
{
    static const char *const names[] = {"Object3D", "Group", "Bone", "Mesh", "SkinnedMesh", "Light",
                                        "PerspectiveCamera", "OrthographicCamera"};
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}

typedef struct info_ctx {
    const ta_model *model;
    cli_names names;
    int name_width;
} info_ctx;

static void print_materials(const ta_model *model, const ta_mesh *mesh)
{
    if (mesh->material_count == 0) return;
    fputs(mesh->material_count == 1 ? ", material " : ", materials ", stdout);
    for (uint32_t k = 0; k < mesh->material_count; ++k) {
        uint32_t m = mesh->materials[k].index;
        const char *name = model->assets && m < model->assets->material_count ? model->assets->materials[m].name : "";
        printf("%s%s", k ? ", " : "", name[0] ? name : "(unnamed)");
        if (model->assets && m < model->assets->material_count)
            printf(" (%s)", ta_material_kind_name(model->assets->materials[m].kind));
    }
}

static void print_mesh(const ta_model *model, const ta_mesh *mesh, bool skinned)
{
    printf("  [%s", skinned ? "skinned mesh" : "mesh");
    print_materials(model, mesh);
    if (mesh->morph_count > 0) {
        printf(", morph targets ");
        for (uint32_t k = 0; k < mesh->morph_count; ++k)
            printf("%s%s", k ? ", " : "", mesh->morph_names[k][0] ? mesh->morph_names[k] : "(unnamed)");
    }
    if (skinned) printf(", %u bones", mesh->bone_count);
    fputc(']', stdout);
}

static void print_node_line(info_ctx *c, ta_node_id id, const char *prefix, bool last, bool top)
{
    const ta_scene *s = c->model->scene;
    const ta_node *n = &s->nodes[id.index];
    char head[1024];
    snprintf(head, sizeof head, "%s%s%s", prefix, top ? "" : (last ? "└─ " : "├─ "), n->name[0] ? n->name : "(unnamed)");
    /* pad by characters, not bytes: the tree glyphs are 3 bytes each */
    size_t chars = 0;
    for (const unsigned char *p = (const unsigned char *)head; *p; ++p) chars += (*p & 0xC0) != 0x80;
    fputs(head, stdout);
    for (size_t i = chars; i < (size_t)c->name_width + 4; ++i) fputc(' ', stdout);
    printf("%s", node_type_name(n->type));
    const char *ref = cli_node_ref(&c->names, id);
    if (strcmp(ref, n->name) != 0) printf("  (as %s)", ref);
    if (!n->visible) fputs("  hidden", stdout);
    for (uint32_t i = 0; i < s->mesh_count; ++i)
        if (s->meshes[i].node.index == id.index) print_mesh(c->model, &s->meshes[i], false);
    for (uint32_t i = 0; i < s->skinned_mesh_count; ++i)
        if (s->skinned_meshes[i].node.index == id.index) print_mesh(c->model, &s->skinned_meshes[i], true);
    for (uint32_t i = 0; i < s->light_count; ++i)
        if (s->lights[i].node.index == id.index) printf("  [%s]", ta_light_kind_name(s->lights[i].kind));
    const ta_camera_list *cams = c->model->cameras;
    for (uint32_t i = 0; cams && i < cams->perspective_count; ++i)
        if (cams->perspective[i].node.index == id.index)
            printf("  [perspective camera, fov %g]", (double)cams->perspective[i].fov);
    for (uint32_t i = 0; cams && i < cams->orthographic_count; ++i)
        if (cams->orthographic[i].node.index == id.index) fputs("  [orthographic camera]", stdout);
    fputc('\n', stdout);
}

static void print_tree(info_ctx *c, ta_node_id id, const char *prefix, bool last, bool top)
{
    print_node_line(c, id, prefix, last, top);
    char inner[1024];
    snprintf(inner, sizeof inner, "%s%s", prefix, top ? "" : (last ? "   " : "│  "));
    const ta_scene *s = c->model->scene;
    for (ta_node_id ch = s->nodes[id.index].first_child; ch.index != TA_NONE; ch = s->nodes[ch.index].next_sibling)
        print_tree(c, ch, inner, s->nodes[ch.index].next_sibling.index == TA_NONE, false);
}

static bool measure(const ta_scene *scene, ta_node_id node, void *user)
{
    info_ctx *c = (info_ctx *)user;
    int depth = 0;
    for (ta_node_id p = scene->nodes[node.index].parent; p.index != TA_NONE; p = scene->nodes[p.index].parent) depth++;
    const char *name = scene->nodes[node.index].name;
    int w = 3 * depth + (int)(name[0] ? strlen(name) : 9);
    if (w > c->name_width) c->name_width = w;
    return true;
}

/* Keys that ta_track_optimize would drop. */
static uint32_t droppable_keys(const ta_track *track)
{
    ta_track *copy = NULL;
    if (ta_track_copy(track, NULL, &copy, NULL) != TA_OK) return 0;
    uint32_t before = ta_track_key_count(copy), after = before;
    if (ta_track_optimize(copy, NULL) == TA_OK) after = ta_track_key_count(copy);
    ta_track_destroy(copy);
    return before - after;
}

static uint32_t print_clip(info_ctx *c, uint32_t index)
{
    const ta_clip *clip = c->model->animations[index];
    uint32_t n = ta_clip_track_count(clip), flags = 0;
    double duration = ta_clip_duration(clip).seconds;
    printf("\n  %s  %.3f s, %s, %u track%s", ta_clip_name(clip), duration,
           ta_clip_blend_mode(clip) == TA_BLEND_MODE_ADDITIVE ? "additive" : "normal", n, n == 1 ? "" : "s");
    ta_node_id root = c->model->animation_roots[index];
    if (!ta_node_is_none(root)) printf(", on %s", cli_node_ref(&c->names, root));
    fputc('\n', stdout);
    char (*labels)[320] = calloc(n + 1u, sizeof *labels);
    if (labels == NULL) return 0;
    int width = 6, kind_width = 4;
    for (uint32_t i = 0; i < n; ++i) {
        ta_track_target t = ta_track_target_of(ta_clip_track(clip, i));
        cli_target_label(&c->names, t, labels[i], sizeof labels[i]);
        int w = (int)strlen(labels[i]), kw = (int)strlen(ta_track_kind_name(t.kind));
        if (w > width) width = w;
        if (kw > kind_width) kind_width = kw;
    }
    printf("    %-*s  %-*s  %-13s %5s  %s\n", width, "target", kind_width, "kind", "interpolation", "keys",
           "time range (s)");
    for (uint32_t i = 0; i < n; ++i) {
        const ta_track *t = ta_clip_track(clip, i);
        uint32_t keys = ta_track_key_count(t);
        const float *times = ta_track_times(t);
        printf("    %-*s  %-*s  %-13s %5u  %.3f - %.3f\n", width, labels[i], kind_width,
               ta_track_kind_name(ta_track_target_of(t).kind),
               ta_interpolation_name(ta_track_interpolation(t)), keys, (double)times[0], (double)times[keys - 1]);
    }
    for (uint32_t i = 0; i < n; ++i) {
        const ta_track *t = ta_clip_track(clip, i);
        uint32_t keys = ta_track_key_count(t);
        double last = ta_track_times(t)[keys - 1];
        uint32_t drop = droppable_keys(t);
        if (drop > 0) {
            printf("    ! %s: optimize would drop %u of its %u keys (each equal to both neighbours)\n", labels[i], drop,
                   keys);
            flags++;
        }
        if (last > duration + 1e-6) {
            printf("    ! %s: its last key (%.3f s) is past the clip's end (%.3f s)\n", labels[i], last, duration);
            flags++;
        }
    }
    free(labels);
    return flags;
}

int cli_info(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        cli_info_help(stdout);
        return CLI_OK;
    }
    if (argc != 2) return cli_usage("info", argc < 2 ? "needs a FILE" : "takes one FILE");
    if (argv[1][0] == '-' && argv[1][1] != '\0') return cli_usage("info", "\"%s\" is not an option of info", argv[1]);
    const char *file = argv[1];
    ta_error err = {0};
    ta_model *model = NULL;
    if (cli_load_model(file, &model, &err) != TA_OK) return cli_refuse("info", file, &err);
    info_ctx c;
    memset(&c, 0, sizeof c);
    c.model = model;
    if (cli_names_init(&c.names, model, &err) != TA_OK) {
        ta_model_destroy(model);
        return cli_refuse("info", file, &err);
    }
    const ta_scene *s = model->scene;
    uint32_t bones = 0;
    for (uint32_t i = 0; i < s->node_count; ++i) bones += s->nodes[i].type == TA_NODE_TYPE_BONE;
    printf("%s: %s\n", file, model->source_nodes != NULL ? "glTF" : "three.js Object JSON");
    printf("  %u node%s (%u bone%s), %u mesh%s, %u skinned mesh%s, %u material%s, %u light%s, %u camera%s, %u clip%s\n",
           s->node_count, s->node_count == 1 ? "" : "s", bones, bones == 1 ? "" : "s", s->mesh_count,
           s->mesh_count == 1 ? "" : "es", s->skinned_mesh_count, s->skinned_mesh_count == 1 ? "" : "es",
           model->assets ? model->assets->material_count : 0u,
           model->assets && model->assets->material_count == 1 ? "" : "s", s->light_count,
           s->light_count == 1 ? "" : "s",
           model->cameras ? model->cameras->perspective_count + model->cameras->orthographic_count : 0u,
           model->cameras && model->cameras->perspective_count + model->cameras->orthographic_count == 1 ? "" : "s",
           model->animation_count, model->animation_count == 1 ? "" : "s");

    printf("\nscene%s%s%s\n", s->name[0] ? " \"" : "", s->name, s->name[0] ? "\"" : "");
    ta_scene_traverse(s, ta_node_none(), measure, &c);
    for (ta_node_id top = s->first_child; top.index != TA_NONE; top = s->nodes[top.index].next_sibling)
        print_tree(&c, top, "  ", true, true);
    if (s->node_count == 0) puts("  (empty)");

    uint32_t flags = 0;
    printf("\nclips\n");
    if (model->animation_count == 0) puts("  (none)");
    for (uint32_t i = 0; i < model->animation_count; ++i) flags += print_clip(&c, i);

    if (model->warning_count > 0) {
        printf("\nfixed or left out on load\n");
        for (uint32_t i = 0; i < model->warning_count; ++i) printf("  ! %s\n", model->warnings[i]);
        flags += model->warning_count;
    }
    printf("\n%u thing%s flagged\n", flags, flags == 1 ? "" : "s");
    cli_names_free(&c.names);
    ta_model_destroy(model);
    return CLI_OK;
}
