# Options of `cmake --graphviz` for make docs-graph (copied into the build
# folder as CMakeGraphVizOptions.cmake): one graph of the whole project, with
# the layers' object libraries, and nothing per target.
set(GRAPHVIZ_GRAPH_NAME "threeanim")
set(GRAPHVIZ_OBJECT_LIBS TRUE)
set(GRAPHVIZ_GENERATE_PER_TARGET FALSE)
set(GRAPHVIZ_GENERATE_DEPENDERS FALSE)
# A library found on this machine is drawn by its target (PkgConfig::JANSSON),
# not by its path, which differs from machine to machine.
set(GRAPHVIZ_IGNORE_TARGETS "^/")
