/* The scene model: nodes, the tree, traversal and lookup in three.js's order,
 * world matrices, meshes and skinned meshes, morph target dictionaries, and
 * every refusal leaving the scene as it was.
 *
 * Ten random scenes built by three.js (make_core_fixtures.mjs, "scenes") are
 * built again here with the same adds and moves; their traversal order,
 * getObjectByName / getObjectByProperty('uuid') answers and matrixWorld are
 * three.js's. Morph target dictionaries come from three.js's
 * Mesh.updateMorphTargets on geometries with those target names. */
#include <stdlib.h>

#include "core_dump.h"
#include "core_fixture.h"

#include "threeanim/pose.h"
#include "threeanim/scene.h"

/* ---- helpers ---------------------------------------------------------------------- */

static ta_scene *new_scene(void)
{
    ta_scene *s = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_create(NULL, &s, &err), &err);
    return s;
}

static ta_node_id add(ta_scene *s, ta_node_id parent, const char *name)
{
    ta_node_id id;
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_add_node(s, parent, name, &id, &err), &err);
    return id;
}

typedef struct visits {
    uint32_t order[256];
    size_t count;
    size_t stop_after; /* 0: never stop */
} visits;

static bool record(const ta_scene *scene, ta_node_id node, void *user)
{
    (void)scene;
    visits *v = (visits *)user;
    if (v->count < 256) v->order[v->count] = node.index;
    v->count++;
    return v->stop_after == 0 || v->count < v->stop_after;
}

/* The children of parent (ta_node_none(): the top), in order, by the links. */
static size_t children_of(const ta_scene *s, ta_node_id parent, uint32_t *out, size_t max)
{
    ta_node_id c = ta_node_is_none(parent) ? s->first_child : s->nodes[parent.index].first_child;
    size_t n = 0;
    for (; !ta_node_is_none(c); c = s->nodes[c.index].next_sibling) {
        assert_true(n < max);
        assert_int_equal(s->nodes[c.index].parent.index, parent.index);
        out[n++] = c.index;
    }
    return n;
}

/* Every node is reached once through the links, last_child is the last. */
static void check_links(const ta_scene *s)
{
    size_t reached = 0;
    uint32_t kids[256];
    size_t n = children_of(s, ta_node_none(), kids, 256);
    assert_int_equal(n == 0 ? TA_NONE : kids[n - 1], s->last_child.index);
    reached += n;
    for (uint32_t i = 0; i < s->node_count; ++i) {
        n = children_of(s, ta_node_at(i), kids, 256);
        assert_int_equal(n == 0 ? TA_NONE : kids[n - 1], s->nodes[i].last_child.index);
        reached += n;
    }
    assert_int_equal(reached, s->node_count);
}

/* ---- against three.js ------------------------------------------------------------ */

static ta_scene *build_fixture_scene(json_t *row)
{
    ta_scene *s = new_scene();
    ta_error err = {0};
    json_t *ops = json_object_get(row, "ops");
    uint32_t next = 0;
    for (size_t i = 0; i < json_array_size(ops); ++i) {
        json_t *op = json_array_get(ops, i);
        const char *what = json_string_value(json_array_get(op, 0));
        double a = core_num(json_array_get(op, 1));
        if (strcmp(what, "add") == 0) {
            ta_node_id parent = a < 0 ? ta_node_none() : ta_node_at((uint32_t)a);
            ta_node_id id = add(s, parent, json_string_value(json_array_get(op, 2)));
            assert_int_equal(id.index, next++);
            TA_ASSERT_OK(ta_scene_set_node_uuid(s, id, json_string_value(json_array_get(op, 3)), &err), &err);
            double p[3], q[4], sc[3];
            core_vec(json_array_get(op, 4), NULL, p, 3);
            core_vec(json_array_get(op, 5), NULL, q, 4);
            core_vec(json_array_get(op, 6), NULL, sc, 3);
            ta_node *n = ta_scene_node(s, id);
            n->position = ta_vec3_make((float)p[0], (float)p[1], (float)p[2]);
            n->quaternion = ta_quat_make((float)q[0], (float)q[1], (float)q[2], (float)q[3]);
            n->scale = ta_vec3_make((float)sc[0], (float)sc[1], (float)sc[2]);
        } else {
            double b = core_num(json_array_get(op, 2));
            TA_ASSERT_OK(ta_scene_set_parent(s, ta_node_at((uint32_t)a), b < 0 ? ta_node_none() : ta_node_at((uint32_t)b),
                                             &err),
                         &err);
        }
    }
    return s;
}

static void check_order(const visits *v, json_t *want)
{
    assert_int_equal(v->count, json_array_size(want));
    for (size_t i = 0; i < v->count; ++i) assert_int_equal(v->order[i], (uint32_t)core_num(json_array_get(want, i)));
}

static void check_find(const ta_scene *s, ta_node_id root, const char *key, bool by_uuid, double want)
{
    ta_error err = {0};
    ta_node_id got = {12345};
    ta_result r = ta_scene_find_below(s, root, key, by_uuid, &got, &err);
    if (want < 0) {
        char needle[128];
        snprintf(needle, sizeof needle, "no node has the %s \"%s\"", by_uuid ? "uuid" : "name", key);
        TA_ASSERT_REFUSED(r, &err, TA_ERROR_NOT_FOUND, needle);
        assert_int_equal(got.index, 12345); /* untouched */
    } else {
        TA_ASSERT_OK(r, &err);
        assert_int_equal(got.index, (uint32_t)want);
    }
}

static void test_scenes_match_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "scenes");
    core_diff d = {0, 0};
    size_t nodes = 0, finds = 0;
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        ta_scene *s = build_fixture_scene(row);
        check_links(s);
        nodes += s->node_count;
        /* scene.traverse, less the scene itself */
        visits v = {{0}, 0, 0};
        ta_scene_traverse(s, ta_node_none(), record, &v);
        check_order(&v, json_object_get(row, "traverse"));
        /* getObjectByName, getObjectByProperty('uuid') */
        json_t *names = json_object_get(row, "by_name");
        for (size_t k = 0; k < json_array_size(names); ++k) {
            json_t *pair = json_array_get(names, k);
            const char *name = json_string_value(json_array_get(pair, 0));
            double want = core_num(json_array_get(pair, 1));
            check_find(s, ta_node_none(), name, false, want);
            ta_node_id got;
            ta_error err = {0};
            if (want >= 0) {
                TA_ASSERT_OK(ta_scene_find_by_name(s, name, &got, &err), &err);
                assert_int_equal(got.index, (uint32_t)want);
            }
            finds++;
        }
        json_t *uuids = json_object_get(row, "by_uuid");
        for (size_t k = 0; k < json_array_size(uuids); ++k) {
            json_t *pair = json_array_get(uuids, k);
            const char *uuid = json_string_value(json_array_get(pair, 0));
            double want = core_num(json_array_get(pair, 1));
            check_find(s, ta_node_none(), uuid, true, want);
            ta_node_id got;
            ta_error err = {0};
            if (want >= 0) {
                TA_ASSERT_OK(ta_scene_find_by_uuid(s, uuid, &got, &err), &err);
                assert_int_equal(got.index, (uint32_t)want);
            }
            finds++;
        }
        /* traverse and getObjectByName from a node */
        json_t *below = json_object_get(row, "below");
        for (size_t k = 0; k < json_array_size(below); ++k) {
            json_t *b = json_array_get(below, k);
            ta_node_id root = ta_node_at((uint32_t)core_field(b, "root"));
            visits sub = {{0}, 0, 0};
            ta_scene_traverse(s, root, record, &sub);
            check_order(&sub, json_object_get(b, "traverse"));
            check_find(s, root, json_string_value(json_object_get(b, "name")), false, core_field(b, "found"));
            for (size_t j = 0; j < sub.count; ++j) assert_true(ta_scene_is_below(s, ta_node_at(sub.order[j]), root));
            finds++;
        }
        /* matrixWorld after updateMatrixWorld, one node at a time and by the
         * world pass, whose parent-first sweep must hold in these trees that
         * moved nodes under later ones */
        json_t *world = json_object_get(row, "world");
        ta_pose *pose = NULL;
        ta_error perr = {0};
        TA_ASSERT_OK(ta_pose_create(s, NULL, &pose, &perr), &perr);
        ta_mat4 *pass = (ta_mat4 *)calloc(s->node_count + 1u, sizeof *pass);
        assert_non_null(pass);
        TA_ASSERT_OK(ta_pose_world_pass(pose, s, ta_node_none(), pass, s->node_count, &perr), &perr);
        for (uint32_t n = 0; n < s->node_count; ++n) {
            double want[16];
            core_vec(json_array_get(world, n), NULL, want, 16);
            ta_mat4 m = ta_scene_world_matrix(s, ta_node_at(n));
            double scale = 0;
            for (int k = 0; k < 16; ++k) scale = fmax(scale, fabs(want[k]));
            for (size_t k = 0; k < 16; ++k) CORE_CHECK_F32(&d, m.m[k], want[k], scale, "matrixWorld", n, k);
            for (size_t k = 0; k < 16; ++k) CORE_CHECK_F32(&d, pass[n].m[k], want[k], scale, "world pass", n, k);
        }
        free(pass);
        ta_pose_destroy(pose);
        ta_scene_destroy(s);
    }
    core_report(&d, "matrixWorld");
    print_message("scenes: %zu scenes, %zu nodes, %zu lookups\n", json_array_size(rows), nodes, finds);
    json_decref(fx);
}

static void test_morph_target_dictionary_matches_threejs(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *rows = core_rows(fx, "morph_dictionaries");
    ta_scene *s = new_scene();
    ta_node_id node = add(s, ta_node_none(), "face");
    size_t lookups = 0;
    for (size_t i = 0; i < json_array_size(rows); ++i) {
        json_t *row = json_array_get(rows, i);
        json_t *names = json_object_get(row, "names");
        const char *list[TA_MAX_MORPH_TARGETS];
        assert_true(json_array_size(names) <= TA_MAX_MORPH_TARGETS);
        for (size_t k = 0; k < json_array_size(names); ++k) list[k] = json_string_value(json_array_get(names, k));
        ta_mesh_desc desc;
        memset(&desc, 0, sizeof desc);
        desc.node = node;
        desc.morph_count = (uint32_t)json_array_size(names);
        desc.morph_names = list;
        ta_mesh_id mi;
        ta_error err = {0};
        TA_ASSERT_OK(ta_scene_add_mesh(s, &desc, &mi, &err), &err);
        const ta_mesh *mesh = ta_scene_mesh_const(s, mi);
        json_t *pairs = json_object_get(row, "lookups");
        for (size_t k = 0; k < json_array_size(pairs); ++k) {
            json_t *pair = json_array_get(pairs, k);
            const char *key = json_string_value(json_array_get(pair, 0));
            double want = core_num(json_array_get(pair, 1));
            uint32_t got = 999;
            ta_result r = ta_mesh_find_morph_target(mesh, key, &got, &err);
            if (want < 0) {
                char needle[96];
                snprintf(needle, sizeof needle, "name: the mesh has no morph target \"%s\"", key);
                TA_ASSERT_REFUSED(r, &err, TA_ERROR_NOT_FOUND, needle);
                assert_int_equal(got, 999);
            } else {
                TA_ASSERT_OK(r, &err);
                assert_int_equal(got, (uint32_t)want);
            }
            lookups++;
        }
    }
    print_message("morph dictionaries: %zu meshes, %zu lookups\n", json_array_size(rows), lookups);
    ta_scene_destroy(s);
    json_decref(fx);
}

/* ---- nodes and the tree --------------------------------------------------------- */

static void test_new_node_has_threejs_defaults(void **state)
{
    (void)state;
    json_t *fx = core_fixture();
    json_t *def = json_object_get(json_object_get(fx, "defaults"), "node");
    ta_scene *s = new_scene();
    ta_node_id id = add(s, ta_node_none(), NULL);
    const ta_node *n = ta_scene_node_const(s, id);
    assert_true(n->position.x == core_at(def, "position", 0) && n->position.y == core_at(def, "position", 1) &&
                n->position.z == core_at(def, "position", 2));
    assert_true(n->quaternion.x == core_at(def, "quaternion", 0) && n->quaternion.y == core_at(def, "quaternion", 1) &&
                n->quaternion.z == core_at(def, "quaternion", 2) && n->quaternion.w == core_at(def, "quaternion", 3));
    assert_true(n->scale.x == core_at(def, "scale", 0) && n->scale.y == core_at(def, "scale", 1) &&
                n->scale.z == core_at(def, "scale", 2));
    assert_int_equal(n->visible, json_is_true(json_object_get(def, "visible")));
    assert_int_equal(n->type, TA_NODE_TYPE_OBJECT3D);
    assert_string_equal(n->name, ""); /* NULL name: "" */
    assert_string_equal(n->uuid, "");
    assert_true(ta_node_is_none(n->parent) && ta_node_is_none(n->first_child) && ta_node_is_none(n->last_child) &&
                ta_node_is_none(n->next_sibling));
    ta_scene_destroy(s);
    json_decref(fx);
}

static void test_children_keep_their_order_and_moves_append(void **state)
{
    (void)state;
    ta_scene *s = new_scene();
    ta_node_id a = add(s, ta_node_none(), "a");
    ta_node_id b = add(s, ta_node_none(), "b");
    ta_node_id a1 = add(s, a, "a1"), a2 = add(s, a, "a2"), a3 = add(s, a, "a3");
    uint32_t kids[8];
    assert_int_equal(children_of(s, a, kids, 8), 3);
    assert_true(kids[0] == a1.index && kids[1] == a2.index && kids[2] == a3.index);
    ta_error err = {0};
    uint64_t v = s->structure_version;
    /* three.js's add: out of the old parent, to the end of the new one */
    TA_ASSERT_OK(ta_scene_set_parent(s, a2, b, &err), &err);
    assert_true(s->structure_version > v);
    assert_int_equal(children_of(s, a, kids, 8), 2);
    assert_true(kids[0] == a1.index && kids[1] == a3.index);
    assert_int_equal(children_of(s, b, kids, 8), 1);
    assert_true(kids[0] == a2.index && s->nodes[a2.index].parent.index == b.index);
    /* to the same parent again: moves to its end */
    TA_ASSERT_OK(ta_scene_set_parent(s, a1, a, &err), &err);
    assert_int_equal(children_of(s, a, kids, 8), 2);
    assert_true(kids[0] == a3.index && kids[1] == a1.index);
    /* the first, middle and last of a list */
    ta_node_id b2 = add(s, b, "b2"), b3 = add(s, b, "b3");
    TA_ASSERT_OK(ta_scene_set_parent(s, b2, ta_node_none(), &err), &err);
    assert_int_equal(children_of(s, b, kids, 8), 2);
    assert_true(kids[0] == a2.index && kids[1] == b3.index);
    assert_int_equal(children_of(s, ta_node_none(), kids, 8), 3);
    assert_true(kids[0] == a.index && kids[1] == b.index && kids[2] == b2.index);
    TA_ASSERT_OK(ta_scene_set_parent(s, a, b3, &err), &err); /* a top-level node, with its subtree */
    assert_int_equal(children_of(s, ta_node_none(), kids, 8), 2);
    assert_true(kids[0] == b.index && kids[1] == b2.index);
    assert_true(ta_scene_is_below(s, a1, b));
    check_links(s);
    ta_scene_destroy(s);
}

static void test_set_parent_refuses_a_cycle_and_changes_nothing(void **state)
{
    (void)state;
    ta_scene *s = new_scene();
    ta_node_id root = add(s, ta_node_none(), "root");
    ta_node_id mid = add(s, root, "mid");
    ta_node_id leaf = add(s, mid, "leaf");
    add(s, ta_node_none(), "other");
    core_dump before, after;
    core_dump_scene(s, &before);
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_scene_set_parent(s, root, leaf, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "parent: node 2 is node 0 or below it, which would make a cycle");
    TA_ASSERT_REFUSED(ta_scene_set_parent(s, mid, mid, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "parent: node 1 is node 1 or below it");
    TA_ASSERT_REFUSED(ta_scene_set_parent(s, root, mid, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "parent: node 1 is node 0 or below it");
    TA_ASSERT_REFUSED(ta_scene_set_parent(s, ta_node_at(4), root, &err), &err, TA_ERROR_MISSING_TARGET,
                      "node: node 4 is not in the scene, which has 4 nodes");
    TA_ASSERT_REFUSED(ta_scene_set_parent(s, leaf, ta_node_at(9), &err), &err, TA_ERROR_MISSING_TARGET,
                      "parent: node 9 is not in the scene, which has 4 nodes");
    TA_ASSERT_REFUSED(ta_scene_set_parent(s, ta_node_none(), root, &err), &err, TA_ERROR_MISSING_TARGET,
                      "node: node 4294967295 is not in the scene");
    TA_ASSERT_REFUSED(ta_scene_set_parent(NULL, leaf, root, &err), &err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    core_dump_scene(s, &after);
    assert_string_equal(before.text, after.text);
    /* moving the leaf up is fine */
    TA_ASSERT_OK(ta_scene_set_parent(s, leaf, root, &err), &err);
    ta_scene_destroy(s);
}

static void test_add_node_refusals_change_nothing(void **state)
{
    (void)state;
    ta_scene *s = new_scene();
    add(s, ta_node_none(), "a");
    add(s, ta_node_at(0), "b");
    core_dump before, after;
    core_dump_scene(s, &before);
    ta_error err = {0};
    ta_node_id out = {4242};
    TA_ASSERT_REFUSED(ta_scene_add_node(s, ta_node_at(2), "c", &out, &err), &err, TA_ERROR_MISSING_TARGET,
                      "parent: node 2 is not in the scene, which has 2 nodes");
    TA_ASSERT_REFUSED(ta_scene_add_node(s, ta_node_at(TA_NONE - 1), "c", &out, &err), &err, TA_ERROR_MISSING_TARGET,
                      "parent: node 4294967294 is not in the scene");
    TA_ASSERT_REFUSED(ta_scene_add_node(NULL, ta_node_none(), "c", &out, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "scene: is NULL");
    assert_int_equal(out.index, 4242);
    core_dump_scene(s, &after);
    assert_string_equal(before.text, after.text);
    /* out_node may be NULL */
    TA_ASSERT_OK(ta_scene_add_node(s, ta_node_at(1), "c", NULL, &err), &err);
    assert_int_equal(s->node_count, 3);
    assert_int_equal(s->nodes[2].parent.index, 1);
    ta_scene_destroy(s);
}

static void test_many_nodes_keep_their_contents(void **state)
{
    (void)state;
    /* across several growths of the list */
    ta_scene *s = new_scene();
    char name[32];
    for (uint32_t i = 0; i < 1000; ++i) {
        snprintf(name, sizeof name, "n%u", i);
        ta_node_id id = add(s, i == 0 ? ta_node_none() : ta_node_at(i / 2), name);
        assert_int_equal(id.index, i);
        ta_scene_node(s, id)->position.x = (float)i;
    }
    for (uint32_t i = 0; i < 1000; ++i) {
        snprintf(name, sizeof name, "n%u", i);
        assert_string_equal(s->nodes[i].name, name);
        assert_true(s->nodes[i].position.x == (float)i);
        ta_node_id found;
        ta_error err = {0};
        TA_ASSERT_OK(ta_scene_find_by_name(s, name, &found, &err), &err);
        assert_int_equal(found.index, i);
    }
    check_links(s);
    visits v = {{0}, 0, 0};
    ta_scene_traverse(s, ta_node_none(), record, &v);
    assert_int_equal(v.count, 1000);
    ta_scene_destroy(s);
}

static void test_traverse_stops_early_and_ignores_bad_roots(void **state)
{
    (void)state;
    ta_scene *s = new_scene();
    ta_node_id a = add(s, ta_node_none(), "a");
    ta_node_id b = add(s, a, "b");
    add(s, b, "c");
    add(s, a, "d");
    add(s, ta_node_none(), "e");
    visits all = {{0}, 0, 0};
    ta_scene_traverse(s, ta_node_none(), record, &all);
    assert_int_equal(all.count, 5);
    const uint32_t want[5] = {0, 1, 2, 3, 4}; /* a, b, c, d, e: parent first, children in order */
    for (int i = 0; i < 5; ++i) assert_int_equal(all.order[i], want[i]);
    for (size_t stop = 1; stop <= 5; ++stop) {
        visits v = {{0}, 0, stop};
        ta_scene_traverse(s, ta_node_none(), record, &v);
        assert_int_equal(v.count, stop); /* no call after the one that said stop */
        for (size_t i = 0; i < stop; ++i) assert_int_equal(v.order[i], want[i]);
    }
    /* from b: b and c only, not b's sibling d nor the next top-level e */
    visits sub = {{0}, 0, 0};
    ta_scene_traverse(s, b, record, &sub);
    assert_int_equal(sub.count, 2);
    assert_true(sub.order[0] == 1 && sub.order[1] == 2);
    /* stopping at the root itself */
    visits one = {{0}, 0, 1};
    ta_scene_traverse(s, a, record, &one);
    assert_int_equal(one.count, 1);
    /* a root not in the scene, no visitor, no scene: nothing */
    visits none = {{0}, 0, 0};
    ta_scene_traverse(s, ta_node_at(5), record, &none);
    ta_scene_traverse(NULL, ta_node_none(), record, &none);
    ta_scene_traverse(s, ta_node_none(), NULL, &none);
    assert_int_equal(none.count, 0);
    /* an empty scene */
    ta_scene *empty = new_scene();
    ta_scene_traverse(empty, ta_node_none(), record, &none);
    assert_int_equal(none.count, 0);
    ta_scene_destroy(empty);
    ta_scene_destroy(s);
}

static void test_find_refusals(void **state)
{
    (void)state;
    ta_scene *s = new_scene();
    add(s, ta_node_none(), "a");
    ta_error err = {0};
    ta_node_id out = {777};
    TA_ASSERT_REFUSED(ta_scene_find_by_name(s, NULL, &out, &err), &err, TA_ERROR_INVALID_ARGUMENT, "name: is NULL");
    TA_ASSERT_REFUSED(ta_scene_find_by_uuid(s, NULL, &out, &err), &err, TA_ERROR_INVALID_ARGUMENT, "uuid: is NULL");
    TA_ASSERT_REFUSED(ta_scene_find_by_name(NULL, "a", &out, &err), &err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    TA_ASSERT_REFUSED(ta_scene_find_by_name(s, "b", &out, &err), &err, TA_ERROR_NOT_FOUND,
                      "name: no node has the name \"b\"");
    TA_ASSERT_REFUSED(ta_scene_find_by_uuid(s, "x-1", &out, &err), &err, TA_ERROR_NOT_FOUND,
                      "uuid: no node has the uuid \"x-1\"");
    TA_ASSERT_REFUSED(ta_scene_find_below(s, ta_node_at(3), "a", false, &out, &err), &err, TA_ERROR_MISSING_TARGET,
                      "root: node 3 is not in the scene, which has 1 nodes");
    assert_int_equal(out.index, 777);
    /* names are compared whole and with case */
    TA_ASSERT_REFUSED(ta_scene_find_by_name(s, "A", &out, &err), &err, TA_ERROR_NOT_FOUND, "\"A\"");
    TA_ASSERT_REFUSED(ta_scene_find_by_name(s, "a ", &out, &err), &err, TA_ERROR_NOT_FOUND, "\"a \"");
    TA_ASSERT_OK(ta_scene_find_by_name(s, "a", NULL, &err), &err);
    ta_scene_destroy(s);
}

static void test_names_and_uuids(void **state)
{
    (void)state;
    ta_scene_options opts = {NULL, "world", "w-1"};
    ta_scene *s = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_create(&opts, &s, &err), &err);
    assert_string_equal(s->name, "world");
    assert_string_equal(s->uuid, "w-1");
    ta_node_id n = add(s, ta_node_none(), "abcd");
    uint64_t v = s->structure_version;
    char *slot = s->nodes[n.index].name;
    /* the same length is written in place, without allocating */
    TA_ASSERT_OK(ta_scene_set_node_name(s, n, "wxyz", &err), &err);
    assert_true(s->nodes[n.index].name == slot);
    assert_string_equal(slot, "wxyz");
    assert_true(s->structure_version > v);
    /* the node's own name, or a part of it of the same length */
    TA_ASSERT_OK(ta_scene_set_node_name(s, n, s->nodes[n.index].name, &err), &err);
    assert_string_equal(s->nodes[n.index].name, "wxyz");
    TA_ASSERT_OK(ta_scene_set_node_name(s, n, "longer name", &err), &err);
    assert_string_equal(s->nodes[n.index].name, "longer name");
    TA_ASSERT_OK(ta_scene_set_node_name(s, n, s->nodes[n.index].name + 7, &err), &err);
    assert_string_equal(s->nodes[n.index].name, "name");
    TA_ASSERT_OK(ta_scene_set_node_name(s, n, NULL, &err), &err);
    assert_string_equal(s->nodes[n.index].name, "");
    TA_ASSERT_OK(ta_scene_set_node_uuid(s, n, "u-9", &err), &err);
    assert_string_equal(s->nodes[n.index].uuid, "u-9");
    TA_ASSERT_OK(ta_scene_set_node_uuid(s, n, s->nodes[n.index].uuid, &err), &err);
    assert_string_equal(s->nodes[n.index].uuid, "u-9");
    ta_node_id found;
    TA_ASSERT_OK(ta_scene_find_by_uuid(s, "u-9", &found, &err), &err);
    assert_int_equal(found.index, n.index);
    TA_ASSERT_OK(ta_scene_set_name(s, "other", &err), &err);
    TA_ASSERT_OK(ta_scene_set_uuid(s, NULL, &err), &err);
    assert_string_equal(s->name, "other");
    assert_string_equal(s->uuid, "");
    core_dump before, after;
    core_dump_scene(s, &before);
    TA_ASSERT_REFUSED(ta_scene_set_node_name(s, ta_node_at(1), "x", &err), &err, TA_ERROR_MISSING_TARGET,
                      "node: node 1 is not in the scene, which has 1 nodes");
    TA_ASSERT_REFUSED(ta_scene_set_node_uuid(s, ta_node_at(1), "x", &err), &err, TA_ERROR_MISSING_TARGET,
                      "node: node 1 is not in the scene");
    TA_ASSERT_REFUSED(ta_scene_set_name(NULL, "x", &err), &err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    TA_ASSERT_REFUSED(ta_scene_set_uuid(NULL, "x", &err), &err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    core_dump_scene(s, &after);
    assert_string_equal(before.text, after.text);
    ta_scene_destroy(s);
    ta_scene_destroy(NULL);
    TA_ASSERT_REFUSED(ta_scene_create(NULL, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "out_scene: is NULL");
}

static void test_node_accessors(void **state)
{
    (void)state;
    ta_scene *s = new_scene();
    ta_node_id a = add(s, ta_node_none(), "a");
    assert_true(ta_scene_has_node(s, a));
    assert_false(ta_scene_has_node(s, ta_node_at(1)));
    assert_false(ta_scene_has_node(s, ta_node_none()));
    assert_false(ta_scene_has_node(NULL, a));
    assert_true(ta_scene_node(s, a) == &s->nodes[0]);
    assert_true(ta_scene_node_const(s, a) == &s->nodes[0]);
    assert_null(ta_scene_node(s, ta_node_at(1)));
    assert_null(ta_scene_node_const(NULL, a));
    assert_false(ta_scene_is_below(s, ta_node_at(3), ta_node_none()));
    assert_true(ta_scene_is_below(s, a, ta_node_none()));
    assert_true(ta_scene_is_below(s, a, a));
    assert_false(ta_scene_is_below(s, a, ta_node_at(1)));
    ta_scene_destroy(s);
}

static void test_world_matrix_of_a_chain(void **state)
{
    (void)state;
    /* Worked out by hand: a parent moved by (1, 0, 0) and scaled by 2, a child
     * at (0, 1, 0) turned a quarter about z, a grandchild at (1, 0, 0): the
     * grandchild's origin goes (1,0,0) -> turned (0,1,0) -> +(0,1,0) = (0,2,0)
     * -> scaled (0,4,0) -> +(1,0,0) = (1, 4, 0). */
    ta_scene *s = new_scene();
    ta_node_id p = add(s, ta_node_none(), "p");
    ta_node_id c = add(s, p, "c");
    ta_node_id g = add(s, c, "g");
    ta_scene_node(s, p)->position = ta_vec3_make(1, 0, 0);
    ta_scene_node(s, p)->scale = ta_vec3_make(2, 2, 2);
    ta_scene_node(s, c)->position = ta_vec3_make(0, 1, 0);
    ta_scene_node(s, c)->quaternion = ta_quat_make(0, 0, (float)sqrt(0.5), (float)sqrt(0.5));
    ta_scene_node(s, g)->position = ta_vec3_make(1, 0, 0);
    ta_mat4 m = ta_scene_world_matrix(s, g);
    TA_ASSERT_NEAR(m.m[12], 1, 1e-6);
    TA_ASSERT_NEAR(m.m[13], 4, 1e-6);
    TA_ASSERT_NEAR(m.m[14], 0, 1e-6);
    /* its x axis is the parent's scaled, turned y axis: (0, 2, 0) */
    TA_ASSERT_NEAR(m.m[0], 0, 1e-6);
    TA_ASSERT_NEAR(m.m[1], 2, 1e-6);
    ta_mat4 local = ta_scene_local_matrix(s, g);
    assert_true(local.m[12] == 1 && local.m[0] == 1);
    /* the world matrix of a top-level node is its local matrix */
    ta_mat4 top = ta_scene_world_matrix(s, p), ptop = ta_scene_local_matrix(s, p);
    for (int k = 0; k < 16; ++k) assert_true(top.m[k] == ptop.m[k]);
    /* a node not there: the identity */
    ta_mat4 id = ta_scene_world_matrix(s, ta_node_at(3)), want = ta_mat4_identity();
    for (int k = 0; k < 16; ++k) assert_true(id.m[k] == want.m[k]);
    id = ta_scene_local_matrix(NULL, p);
    for (int k = 0; k < 16; ++k) assert_true(id.m[k] == want.m[k]);
    ta_scene_destroy(s);
}

/* ---- meshes ------------------------------------------------------------------------ */

static void test_meshes_are_copied(void **state)
{
    (void)state;
    ta_scene *s = new_scene();
    ta_node_id body = add(s, ta_node_none(), "body");
    ta_node_id hip = add(s, body, "hip");
    ta_node_id knee = add(s, hip, "knee");
    char smile[] = "smile";
    const char *names[3] = {smile, NULL, "blink"};
    float influences[3] = {0.25f, 0, 1};
    ta_material_id mats[2] = {{4}, {0}};
    ta_node_id bones[2] = {hip, knee};
    ta_mesh_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.node = body;
    desc.morph_count = 3;
    desc.morph_influences = influences;
    desc.morph_names = names;
    desc.materials = mats;
    desc.material_count = 2;
    ta_error err = {0};
    ta_mesh_id mi = {5};
    uint64_t v = s->structure_version;
    TA_ASSERT_OK(ta_scene_add_mesh(s, &desc, &mi, &err), &err);
    assert_int_equal(mi.index, 0);
    assert_true(s->structure_version > v);
    desc.bones = bones;
    desc.bone_count = 2;
    ta_skinned_mesh_id si = {5};
    TA_ASSERT_OK(ta_scene_add_skinned_mesh(s, &desc, &si, &err), &err);
    assert_int_equal(si.index, 0);
    /* the caller's arrays can go */
    smile[0] = 'X';
    influences[0] = 9;
    mats[0].index = 9;
    bones[0] = body;
    for (int which = 0; which < 2; ++which) {
        const ta_mesh *m = which == 0 ? ta_scene_mesh_const(s, mi) : ta_scene_skinned_mesh_const(s, si);
        assert_int_equal(m->node.index, body.index);
        assert_int_equal(m->morph_count, 3);
        assert_true(m->morph_influences[0] == 0.25f && m->morph_influences[1] == 0 && m->morph_influences[2] == 1);
        assert_string_equal(m->morph_names[0], "smile");
        assert_string_equal(m->morph_names[1], ""); /* unnamed */
        assert_string_equal(m->morph_names[2], "blink");
        assert_int_equal(m->material_count, 2);
        assert_true(m->materials[0].index == 4 && m->materials[1].index == 0);
    }
    const ta_mesh *sk = ta_scene_skinned_mesh_const(s, si);
    assert_int_equal(sk->bone_count, 2);
    assert_true(sk->bones[0].index == hip.index && sk->bones[1].index == knee.index);
    assert_int_equal(ta_scene_mesh(s, mi)->bone_count, 0);
    assert_null(ta_scene_mesh(s, ta_mesh_at(1)));
    assert_null(ta_scene_skinned_mesh(s, ta_skinned_mesh_at(1)));
    assert_null(ta_scene_mesh_const(NULL, mi));
    /* no morphs, no influences: zeros; no materials */
    memset(&desc, 0, sizeof desc);
    desc.node = hip;
    desc.morph_count = 52; /* any number, as in three.js (ARKit's face set) */
    TA_ASSERT_OK(ta_scene_add_mesh(s, &desc, &mi, &err), &err);
    assert_int_equal(s->meshes[1].morph_count, 52);
    for (int k = 0; k < 52; ++k) assert_true(s->meshes[1].morph_influences[k] == 0);
    assert_string_equal(s->meshes[1].morph_names[51], "");
    assert_int_equal(s->meshes[1].material_count, 0);
    assert_null(s->meshes[1].materials);
    /* a skinned mesh with no bones yet */
    TA_ASSERT_OK(ta_scene_add_skinned_mesh(s, &desc, NULL, &err), &err);
    assert_int_equal(s->skinned_mesh_count, 2);
    ta_scene_destroy(s);
}

static void test_mesh_refusals_change_nothing(void **state)
{
    (void)state;
    ta_scene *s = new_scene();
    ta_node_id body = add(s, ta_node_none(), "body");
    ta_node_id bone = add(s, body, "bone");
    ta_mesh_desc ok;
    memset(&ok, 0, sizeof ok);
    ok.node = body;
    ok.morph_count = 1;
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_add_mesh(s, &ok, NULL, &err), &err);
    TA_ASSERT_OK(ta_scene_add_skinned_mesh(s, &ok, NULL, &err), &err);
    core_dump before, after;
    core_dump_scene(s, &before);

    ta_mesh_id mi = {31};
    ta_skinned_mesh_id si = {31};
    ta_mesh_desc d = ok;
    d = ok;
    d.node = ta_node_at(2);
    TA_ASSERT_REFUSED(ta_scene_add_mesh(s, &d, &mi, &err), &err, TA_ERROR_MISSING_TARGET,
                      "desc.node: node 2 is not in the scene, which has 2 nodes");
    d.node = ta_node_none();
    TA_ASSERT_REFUSED(ta_scene_add_skinned_mesh(s, &d, &si, &err), &err, TA_ERROR_MISSING_TARGET,
                      "desc.node: node 4294967295");
    d = ok;
    d.material_count = 2;
    TA_ASSERT_REFUSED(ta_scene_add_mesh(s, &d, &mi, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "desc.materials: is NULL with material_count 2");
    d = ok;
    d.bone_count = 1;
    TA_ASSERT_REFUSED(ta_scene_add_skinned_mesh(s, &d, &si, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "desc.bones: is NULL with bone_count 1");
    ta_node_id bones[3] = {bone, body, {7}};
    d.bones = bones;
    d.bone_count = 3;
    TA_ASSERT_REFUSED(ta_scene_add_skinned_mesh(s, &d, &si, &err), &err, TA_ERROR_MISSING_TARGET,
                      "desc.bones: bone 2 is node 7, which is not in the scene");
    d.bone_count = 2;
    TA_ASSERT_REFUSED(ta_scene_add_mesh(s, &d, &mi, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "desc.bone_count: 2 bones on a mesh that is not skinned");
    float influences[3] = {0, NAN, 0};
    d = ok;
    d.morph_count = 3;
    d.morph_influences = influences;
    TA_ASSERT_REFUSED(ta_scene_add_mesh(s, &d, &mi, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "desc.morph_influences: target 1 influence nan is not a finite number");
    influences[1] = 0;
    influences[2] = -INFINITY;
    TA_ASSERT_REFUSED(ta_scene_add_skinned_mesh(s, &d, &si, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "target 2 influence -inf");
    TA_ASSERT_REFUSED(ta_scene_add_mesh(s, NULL, &mi, &err), &err, TA_ERROR_INVALID_ARGUMENT, "desc: is NULL");
    TA_ASSERT_REFUSED(ta_scene_add_mesh(NULL, &ok, &mi, &err), &err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    TA_ASSERT_REFUSED(ta_scene_add_skinned_mesh(NULL, &ok, &si, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "scene: is NULL");
    assert_int_equal(mi.index, 31);
    assert_int_equal(si.index, 31);
    core_dump_scene(s, &after);
    assert_string_equal(before.text, after.text);
    ta_scene_destroy(s);
}

static void test_morph_names_can_change(void **state)
{
    (void)state;
    ta_scene *s = new_scene();
    ta_node_id face = add(s, ta_node_none(), "face");
    const char *names[3] = {"a", "b", "c"};
    ta_mesh_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.node = face;
    desc.morph_count = 3;
    desc.morph_names = names;
    ta_error err = {0};
    ta_mesh_id mi;
    ta_skinned_mesh_id si;
    TA_ASSERT_OK(ta_scene_add_mesh(s, &desc, &mi, &err), &err);
    TA_ASSERT_OK(ta_scene_add_skinned_mesh(s, &desc, &si, &err), &err);
    ta_mesh *mesh = ta_scene_mesh(s, mi);
    uint64_t v = s->structure_version;
    TA_ASSERT_OK(ta_scene_set_morph_name(s, mesh, 1, "smile", &err), &err);
    assert_true(s->structure_version > v);
    uint32_t t = 9;
    TA_ASSERT_OK(ta_mesh_find_morph_target(mesh, "smile", &t, &err), &err);
    assert_int_equal(t, 1);
    TA_ASSERT_REFUSED(ta_mesh_find_morph_target(mesh, "b", &t, &err), &err, TA_ERROR_NOT_FOUND, "\"b\"");
    /* an unnamed target answers to its index, as three.js's dictionary */
    TA_ASSERT_OK(ta_scene_set_morph_name(s, mesh, 2, NULL, &err), &err);
    TA_ASSERT_OK(ta_mesh_find_morph_target(mesh, "2", &t, &err), &err);
    assert_int_equal(t, 2);
    TA_ASSERT_OK(ta_scene_set_morph_name(s, ta_scene_skinned_mesh(s, si), 0, "z", &err), &err);
    assert_string_equal(s->skinned_meshes[0].morph_names[0], "z");

    core_dump before, after;
    core_dump_scene(s, &before);
    TA_ASSERT_REFUSED(ta_scene_set_morph_name(s, mesh, 3, "x", &err), &err, TA_ERROR_OUT_OF_RANGE,
                      "target: 3 is not below the mesh's 3 morph targets");
    /* a copy of the mesh, or another scene's mesh, is not this scene's */
    ta_mesh copy = *mesh;
    TA_ASSERT_REFUSED(ta_scene_set_morph_name(s, &copy, 0, "x", &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "mesh: is not one of the scene's 1 meshes or 1 skinned meshes");
    ta_scene *other = new_scene();
    TA_ASSERT_REFUSED(ta_scene_set_morph_name(other, mesh, 0, "x", &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "mesh: is not one of the scene's 0 meshes");
    TA_ASSERT_REFUSED(ta_scene_set_morph_name(s, (ta_mesh *)(void *)((char *)mesh + 8), 0, "x", &err), &err,
                      TA_ERROR_INVALID_ARGUMENT, "mesh: is not one of");
    TA_ASSERT_REFUSED(ta_scene_set_morph_name(s, NULL, 0, "x", &err), &err, TA_ERROR_INVALID_ARGUMENT, "mesh: is NULL");
    TA_ASSERT_REFUSED(ta_scene_set_morph_name(NULL, mesh, 0, "x", &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "scene: is NULL");
    TA_ASSERT_REFUSED(ta_mesh_find_morph_target(NULL, "a", &t, &err), &err, TA_ERROR_INVALID_ARGUMENT, "mesh: is NULL");
    TA_ASSERT_REFUSED(ta_mesh_find_morph_target(mesh, NULL, &t, &err), &err, TA_ERROR_INVALID_ARGUMENT, "name: is NULL");
    copy.morph_names = NULL; /* a mesh filled by hand, with no names */
    TA_ASSERT_REFUSED(ta_mesh_find_morph_target(&copy, "a", &t, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "mesh.morph_names: is NULL with morph_count 3");
    core_dump_scene(s, &after);
    assert_string_equal(before.text, after.text);
    ta_scene_destroy(other);
    ta_scene_destroy(s);
}

static void test_structure_version_rises_with_each_change(void **state)
{
    (void)state;
    ta_scene *s = new_scene();
    ta_error err = {0};
    uint64_t v = s->structure_version;
    ta_node_id a = add(s, ta_node_none(), "a");
    assert_true(s->structure_version > v), v = s->structure_version;
    ta_node_id b = add(s, ta_node_none(), "b");
    assert_true(s->structure_version > v), v = s->structure_version;
    TA_ASSERT_OK(ta_scene_set_parent(s, b, a, &err), &err);
    assert_true(s->structure_version > v), v = s->structure_version;
    TA_ASSERT_OK(ta_scene_set_node_name(s, b, "c", &err), &err);
    assert_true(s->structure_version > v), v = s->structure_version;
    TA_ASSERT_OK(ta_scene_set_node_uuid(s, b, "u", &err), &err);
    assert_true(s->structure_version > v), v = s->structure_version;
    ta_light l = ta_light_defaults(TA_LIGHT_KIND_POINT);
    l.node = a;
    TA_ASSERT_OK(ta_scene_add_light(s, &l, NULL, &err), &err);
    assert_true(s->structure_version > v), v = s->structure_version;
    /* values a track sets are not structure */
    s->nodes[a.index].position.x = 3;
    ta_mat4 m = ta_scene_world_matrix(s, b);
    (void)m;
    assert_true(s->structure_version == v);
    ta_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenes_match_threejs),
        cmocka_unit_test(test_morph_target_dictionary_matches_threejs),
        cmocka_unit_test(test_new_node_has_threejs_defaults),
        cmocka_unit_test(test_children_keep_their_order_and_moves_append),
        cmocka_unit_test(test_set_parent_refuses_a_cycle_and_changes_nothing),
        cmocka_unit_test(test_add_node_refusals_change_nothing),
        cmocka_unit_test(test_many_nodes_keep_their_contents),
        cmocka_unit_test(test_traverse_stops_early_and_ignores_bad_roots),
        cmocka_unit_test(test_find_refusals),
        cmocka_unit_test(test_names_and_uuids),
        cmocka_unit_test(test_node_accessors),
        cmocka_unit_test(test_world_matrix_of_a_chain),
        cmocka_unit_test(test_meshes_are_copied),
        cmocka_unit_test(test_mesh_refusals_change_nothing),
        cmocka_unit_test(test_morph_names_can_change),
        cmocka_unit_test(test_structure_version_rises_with_each_change),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
