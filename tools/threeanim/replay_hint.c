/* `threeanim replay` given a model in place of a replay file: say what it
 * wants, and write out one that plays the model, to start from. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "replay.h"

/* What kind of file this is, when it is a model: "a glTF file", "a three.js
 * JSON file", or NULL (a replay file, or something else that the replay
 * reader's own messages describe better). head is the file's first bytes. */
static const char *model_kind(const char *path, const char *head, size_t n, const json_t *doc, bool *three_json)
{
    *three_json = false;
    if (n >= 4 && memcmp(head, "glTF", 4) == 0) return "a binary glTF file";
    if (doc != NULL && json_is_object(doc) && json_object_get(doc, "format") == NULL) {
        if (json_object_get(doc, "asset") != NULL) return "a glTF file";
        if (json_object_get(doc, "metadata") != NULL) {
            *three_json = true;
            return "a three.js JSON file";
        }
    }
    if (doc == NULL && cli_is_gltf_path(path)) return "a glTF file";
    return NULL;
}

int replay_refuse_model(const char *path, const json_t *doc)
{
    char head[4] = {0};
    size_t n = 0;
    FILE *f = fopen(path, "rb");
    if (f != NULL) {
        n = fread(head, 1, sizeof head, f);
        fclose(f);
    }
    bool three_json;
    const char *kind = model_kind(path, head, n, doc, &three_json);
    if (kind == NULL) return CLI_OK;
    const char *base = strrchr(path, '/');
    base = base != NULL ? base + 1 : path;
    const char *field = three_json ? "object_json" : "gltf";
    fprintf(stderr,
            "threeanim replay: %s: is %s, not a replay file. replay runs a replay file: a JSON object\n"
            "with \"format\": \"threeanim-replay/1\" that names a model, the actions to make and the steps to\n"
            "run (threeanim replay --help). One that plays this model's first clip, saved beside it:\n"
            "\n"
            "  {\"format\": \"threeanim-replay/1\", \"model\": {\"%s\": \"%s\"},\n"
            "   \"actions\": [{\"clip\": {\"index\": 0}}], \"record\": \"all\",\n"
            "   \"steps\": [{\"op\": \"play\", \"action\": 0}, {\"op\": \"update\", \"delta\": 0},\n"
            "             {\"op\": \"update\", \"delta\": 0.5}]}\n"
            "\n"
            "To see the poses of a clip without one: threeanim bake %s --clip NAME\n",
            path, kind, field, base, path);
    return CLI_REFUSED;
}
