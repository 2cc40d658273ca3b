/* The skinned meshes of a glTF file, read for the preview (preview_skin.h). */
#include "preview_skin.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gltf_source.h"

typedef struct reader {
    json_t *root;
    const gltf_blob *buffers;
    uint32_t buffer_count;
    preview_skin *skin;
    bool oom;
} reader;

/* Records the first reason a mesh is left out; returns false to leave it. */
__attribute__((format(printf, 2, 3))) static bool leave_out(reader *r, const char *fmt, ...)
{
    if (r->skin->note[0] == '\0') {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->skin->note, sizeof r->skin->note, fmt, ap);
        va_end(ap);
    }
    return false;
}

static uint32_t type_comps(const char *type)
{
    static const struct {
        const char *name;
        uint32_t comps;
    } types[] = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT4", 16}};
    for (size_t i = 0; type != NULL && i < sizeof types / sizeof types[0]; ++i)
        if (strcmp(type, types[i].name) == 0) return types[i].comps;
    return 0;
}

/* Accessor a as count * comps doubles (normalized integers divided out when
 * it says so); false, with a note, when it cannot be read. */
static bool read_accessor(reader *r, json_int_t a, uint32_t want_comps, double **out, uint32_t *out_count)
{
    json_t *acc = json_array_get(json_object_get(r->root, "accessors"), (size_t)a);
    if (acc == NULL || a < 0) return leave_out(r, "an accessor index is out of range");
    if (json_object_get(acc, "sparse") != NULL) return leave_out(r, "a sparse accessor is not read here");
    uint32_t comps = type_comps(json_string_value(json_object_get(acc, "type")));
    json_int_t ct = json_integer_value(json_object_get(acc, "componentType"));
    json_int_t count = json_integer_value(json_object_get(acc, "count"));
    uint32_t csize = ct == 5120 || ct == 5121 ? 1 : ct == 5122 || ct == 5123 ? 2 : ct == 5125 || ct == 5126 ? 4 : 0;
    if (comps != want_comps || csize == 0 || count <= 0 || count > 10000000)
        return leave_out(r, "accessor %lld is not what a skinned mesh needs", (long long)a);
    bool normalized = json_is_true(json_object_get(acc, "normalized"));
    double *v = malloc((size_t)count * comps * sizeof *v);
    if (v == NULL) return !(r->oom = true);
    json_t *view = json_array_get(json_object_get(r->root, "bufferViews"),
                                  (size_t)json_integer_value(json_object_get(acc, "bufferView")));
    if (view == NULL) { /* no buffer view: zeros */
        memset(v, 0, (size_t)count * comps * sizeof *v);
        *out = v;
        *out_count = (uint32_t)count;
        return true;
    }
    json_int_t buffer = json_integer_value(json_object_get(view, "buffer"));
    size_t offset = (size_t)json_integer_value(json_object_get(view, "byteOffset")) +
                    (size_t)json_integer_value(json_object_get(acc, "byteOffset"));
    size_t length = (size_t)json_integer_value(json_object_get(view, "byteLength"));
    size_t stride = (size_t)json_integer_value(json_object_get(view, "byteStride"));
    size_t element = (size_t)comps * csize;
    if (stride == 0) stride = element;
    size_t view_start = (size_t)json_integer_value(json_object_get(view, "byteOffset"));
    size_t need = (size_t)(count - 1) * stride + element;
    if (buffer < 0 || (uint32_t)buffer >= r->buffer_count || r->buffers[buffer].data == NULL ||
        offset - view_start + need > length || view_start + length > r->buffers[buffer].size) {
        free(v);
        return leave_out(r, "accessor %lld reaches past its buffer", (long long)a);
    }
    const uint8_t *base = r->buffers[buffer].data + offset;
    for (json_int_t i = 0; i < count; ++i) {
        const uint8_t *e = base + (size_t)i * stride;
        for (uint32_t c = 0; c < comps; ++c) {
            const uint8_t *p = e + (size_t)c * csize;
            double x;
            switch (ct) {
            case 5120: x = (int8_t)p[0]; if (normalized) x = x / 127 < -1 ? -1 : x / 127; break;
            case 5121: x = p[0]; if (normalized) x /= 255; break;
            case 5122: { int16_t s; memcpy(&s, p, 2); x = s; if (normalized) x = x / 32767 < -1 ? -1 : x / 32767; break; }
            case 5123: { uint16_t s; memcpy(&s, p, 2); x = s; if (normalized) x /= 65535; break; }
            case 5125: { uint32_t s; memcpy(&s, p, 4); x = s; break; }
            default: { float f; memcpy(&f, p, 4); x = f; break; }
            }
            v[(size_t)i * comps + c] = x;
        }
    }
    *out = v;
    *out_count = (uint32_t)count;
    return true;
}

static bool add_joints(reader *r, json_t *skin, uint32_t *first, uint32_t *count, const ta_model *model)
{
    json_t *joints = json_object_get(skin, "joints");
    uint32_t n = (uint32_t)json_array_size(joints);
    if (n == 0) return leave_out(r, "a skin has no joints");
    double *ibm = NULL;
    uint32_t ibm_count = 0;
    json_t *ibm_ref = json_object_get(skin, "inverseBindMatrices");
    if (ibm_ref != NULL && !read_accessor(r, json_integer_value(ibm_ref), 16, &ibm, &ibm_count)) return false;
    if (ibm != NULL && ibm_count < n) {
        free(ibm);
        return leave_out(r, "a skin has fewer inverse bind matrices than joints");
    }
    ta_node_id *nodes = realloc(r->skin->joint_nodes, (r->skin->joint_count + n) * sizeof *nodes);
    if (nodes != NULL) r->skin->joint_nodes = nodes;
    float *mats = realloc(r->skin->inverse_binds, (size_t)(r->skin->joint_count + n) * 16 * sizeof *mats);
    if (mats != NULL) r->skin->inverse_binds = mats;
    if (nodes == NULL || mats == NULL) {
        free(ibm);
        return !(r->oom = true);
    }
    for (uint32_t j = 0; j < n; ++j) {
        json_int_t g = json_integer_value(json_array_get(joints, j));
        ta_node_id id = g >= 0 && (uint64_t)g < model->source_node_count ? model->source_nodes[g] : ta_node_none();
        if (id.index == TA_NONE) {
            free(ibm);
            return leave_out(r, "a skin's joint %lld is not in the scene", (long long)g);
        }
        nodes[r->skin->joint_count + j] = id;
        for (int k = 0; k < 16; ++k)
            mats[(size_t)(r->skin->joint_count + j) * 16 + k] = ibm != NULL ? (float)ibm[(size_t)j * 16 + k] : (k % 5 == 0);
    }
    free(ibm);
    *first = r->skin->joint_count;
    *count = n;
    r->skin->joint_count += n;
    return true;
}

/* One primitive of a skinned node. */
static bool add_primitive(reader *r, json_t *prim, uint32_t joint_first, uint32_t joint_count)
{
    json_int_t mode = json_object_get(prim, "mode") ? json_integer_value(json_object_get(prim, "mode")) : 4;
    json_t *attrs = json_object_get(prim, "attributes");
    json_t *pa = json_object_get(attrs, "POSITION"), *ja = json_object_get(attrs, "JOINTS_0"),
           *wa = json_object_get(attrs, "WEIGHTS_0");
    if (mode != 4 || pa == NULL || ja == NULL || wa == NULL) return true; /* not a skinned triangle list: nothing to draw */
    double *pos = NULL, *jn = NULL, *wt = NULL, *ix = NULL;
    uint32_t np = 0, nj = 0, nw = 0, ni = 0;
    bool ok = read_accessor(r, json_integer_value(pa), 3, &pos, &np) && read_accessor(r, json_integer_value(ja), 4, &jn, &nj) &&
              read_accessor(r, json_integer_value(wa), 4, &wt, &nw);
    json_t *ia = json_object_get(prim, "indices");
    if (ok && ia != NULL) ok = read_accessor(r, json_integer_value(ia), 1, &ix, &ni);
    if (ok && (nj != np || nw != np)) ok = leave_out(r, "a primitive's joints or weights are not one per vertex");
    if (ok && ia == NULL) ni = np;
    uint32_t tris = ni / 3;
    if (ok && r->skin->triangle_count + tris > PREVIEW_SKIN_MAX_TRIANGLES)
        ok = leave_out(r, "the skinned meshes have more than %u triangles, too many to draw here", PREVIEW_SKIN_MAX_TRIANGLES);
    preview_skin_prim *list = ok ? realloc(r->skin->prims, (r->skin->prim_count + 1u) * sizeof *list) : NULL;
    if (ok && list == NULL) ok = !(r->oom = true);
    if (ok) {
        r->skin->prims = list;
        preview_skin_prim *p = &list[r->skin->prim_count];
        memset(p, 0, sizeof *p);
        p->vertex_count = np;
        p->triangle_count = tris;
        p->pos = malloc((size_t)np * 3 * sizeof *p->pos);
        p->joints = malloc((size_t)np * 4 * sizeof *p->joints);
        p->weights = malloc((size_t)np * 4 * sizeof *p->weights);
        p->tris = malloc(((size_t)tris * 3 + 1) * sizeof *p->tris);
        if (p->pos == NULL || p->joints == NULL || p->weights == NULL || p->tris == NULL) {
            free(p->pos), free(p->joints), free(p->weights), free(p->tris);
            ok = !(r->oom = true);
        }
        for (uint32_t v = 0; ok && v < np; ++v) {
            for (int c = 0; c < 3; ++c) p->pos[(size_t)v * 3 + c] = (float)pos[(size_t)v * 3 + c];
            double sum = 0;
            for (int k = 0; k < 4; ++k) sum += wt[(size_t)v * 4 + k];
            for (int k = 0; k < 4; ++k) {
                double j = jn[(size_t)v * 4 + k], w = sum > 0 ? wt[(size_t)v * 4 + k] / sum : 0;
                /* a joint out of range carries no weight */
                if (!(j >= 0 && j < joint_count)) j = 0, w = 0;
                p->joints[(size_t)v * 4 + k] = joint_first + (uint32_t)j;
                p->weights[(size_t)v * 4 + k] = (float)w;
            }
        }
        for (uint32_t t = 0; ok && t < tris * 3; ++t) {
            double i = ix != NULL ? ix[t] : t;
            p->tris[t] = i >= 0 && i < np ? (uint32_t)i : 0;
        }
        if (ok) {
            r->skin->prim_count++;
            r->skin->triangle_count += tris;
        }
    }
    free(pos), free(jn), free(wt), free(ix);
    return ok;
}

ta_result preview_skin_read(const char *path, const ta_model *model, preview_skin *out, ta_error *err)
{
    memset(out, 0, sizeof *out);
    if (model->source_nodes == NULL) return TA_OK; /* not glTF */
    gltf_source src;
    ta_error local = {0};
    if (gltf_source_read(path, &src, &local) != TA_OK) {
        gltf_source_free(&src);
        if (local.code == TA_ERROR_OUT_OF_MEMORY) {
            if (err != NULL) *err = local;
            return TA_ERROR_OUT_OF_MEMORY;
        }
        if (local.code == TA_ERROR_IO) snprintf(out->note, sizeof out->note, "the file could not be read again for its meshes");
        return TA_OK;
    }
    reader r = {0};
    r.skin = out;
    r.root = src.root;
    r.buffers = src.buffers;
    r.buffer_count = src.buffer_count;
    {
        json_t *nodes = json_object_get(r.root, "nodes"), *meshes = json_object_get(r.root, "meshes"),
               *skins = json_object_get(r.root, "skins");
        for (size_t n = 0; n < json_array_size(nodes) && !r.oom; ++n) {
            json_t *node = json_array_get(nodes, n);
            json_t *mesh = json_array_get(meshes, (size_t)json_integer_value(json_object_get(node, "mesh")));
            json_t *skin = json_array_get(skins, (size_t)json_integer_value(json_object_get(node, "skin")));
            if (json_object_get(node, "mesh") == NULL || json_object_get(node, "skin") == NULL || mesh == NULL ||
                skin == NULL || n >= model->source_node_count || model->source_nodes[n].index == TA_NONE)
                continue;
            uint32_t first = 0, count = 0;
            if (!add_joints(&r, skin, &first, &count, model)) continue;
            json_t *prims = json_object_get(mesh, "primitives");
            for (size_t p = 0; p < json_array_size(prims) && !r.oom; ++p)
                add_primitive(&r, json_array_get(prims, p), first, count);
        }
    }
    gltf_source_free(&src);
    if (r.oom) {
        preview_skin_free(out);
        if (err != NULL) {
            err->code = TA_ERROR_OUT_OF_MEMORY;
            snprintf(err->message, sizeof err->message, "out of memory reading the skinned meshes");
        }
        return TA_ERROR_OUT_OF_MEMORY;
    }
    return TA_OK;
}

void preview_skin_free(preview_skin *s)
{
    for (uint32_t i = 0; i < s->prim_count; ++i) {
        free(s->prims[i].pos);
        free(s->prims[i].joints);
        free(s->prims[i].weights);
        free(s->prims[i].tris);
    }
    free(s->prims);
    free(s->joint_nodes);
    free(s->inverse_binds);
    memset(s, 0, sizeof *s);
}
