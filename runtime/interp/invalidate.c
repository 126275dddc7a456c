/* Invalidation: a tree of traces records what it relies on beyond its guards (the classes whose
 * versions the optimizer relied on, the other trees its traces jump into). Changing one
 * marks the dependent trees invalid and unlinks them from their back edges at once; running
 * traces notice at their next validity check and return to the interpreter; the memory is freed
 * when no trace is running. One list of live trees per process: the VM is single-threaded. */
#include <stdlib.h>

#include "executor.h"
#include "invalidate.h"
#include "trace.h"

static QkExecutor *live_roots;    /* every valid root */
static QkExecutor *invalid_roots; /* unlinked, waiting to be freed (chained by next_root) */

QkExecutor *qk_executors_live(void) { return live_roots; }

void qk_executor_track(QkExecutor *root) {
    root->prev_root = NULL;
    root->next_root = live_roots;
    if (live_roots != NULL) {
        live_roots->prev_root = root;
    }
    live_roots = root;
}

static void untrack(QkExecutor *root) {
    if (root->prev_root != NULL) {
        root->prev_root->next_root = root->next_root;
    } else if (live_roots == root) {
        live_roots = root->next_root;
    }
    if (root->next_root != NULL) {
        root->next_root->prev_root = root->prev_root;
    }
    root->prev_root = root->next_root = NULL;
}

void qk_executor_untrack(QkExecutor *root) {
    if (root->valid) {
        untrack(root);
        return;
    }
    /* Freed with its code before the reclaim ran: drop it from the waiting list. */
    for (QkExecutor **link = &invalid_roots; *link != NULL; link = &(*link)->next_root) {
        if (*link == root) {
            *link = root->next_root;
            return;
        }
    }
}

static bool matches(const QkDependency *dep, QkDependencyKind kind, const void *object,
                    uint64_t key) {
    return dep->kind == kind && dep->object == object && (key == QK_ANY_KEY || dep->key == key);
}

int qk_executor_depend(QkExecutor *root, QkDependencyKind kind, const void *object, uint64_t key) {
    for (uint32_t i = 0; i < root->ndeps; i++) {
        if (matches(&root->deps[i], kind, object, key)) {
            return 0;
        }
    }
    QkDependency *grown = realloc(root->deps, (root->ndeps + 1) * sizeof *grown);
    if (grown == NULL) {
        return -1;
    }
    root->deps = grown;
    root->deps[root->ndeps++] = (QkDependency){kind, object, key};
    return 0;
}

static bool depends_on(const QkExecutor *root, QkDependencyKind kind, const void *object,
                       uint64_t key) {
    for (uint32_t i = 0; i < root->ndeps; i++) {
        if (matches(&root->deps[i], kind, object, key)) {
            return true;
        }
    }
    return false;
}

static void invalidate_dependents(QkThread *tstate, QkDependencyKind kind, const void *object,
                                  uint64_t key);

static void invalidate(QkThread *tstate, QkExecutor *root) {
    untrack(root);
    root->valid = false;
    /* The compiled traces of the tree do not read `valid`: their checks become jumps out. */
    for (QkExecutor *ex = root; ex != NULL; ex = ex->next_side) {
        qk_jit_invalidate(&ex->jit);
    }
    /* Tier 1 runs the loop's own back edge again (or enters the function without a trace) until
     * it is hot anew. */
    if (root->entry) {
        root->code->entry_executor = NULL;
    } else {
        root->backedge[0] = root->original;
        root->code->executors[root->index] = NULL;
    }
    root->next_root = invalid_roots;
    invalid_roots = root;
    qk_trace_forget(tstate, root);
    tstate->stats.traces_invalidated++;
    /* Trees that jump into this one go too (it is no longer live, so cycles end here). */
    invalidate_dependents(tstate, QK_DEPENDS_ON_TREE, root, 0);
}

/* Each invalidation changes the live list (dependents of dependents leave it too), so the scan
 * starts over after each. */
static void invalidate_dependents(QkThread *tstate, QkDependencyKind kind, const void *object,
                                  uint64_t key) {
    QkExecutor *root = live_roots;
    while (root != NULL) {
        if (depends_on(root, kind, object, key)) {
            invalidate(tstate, root);
            root = live_roots;
        } else {
            root = root->next_root;
        }
    }
}

void qk_invalidate_dependents(QkThread *tstate, QkDependencyKind kind, const void *object,
                              uint64_t key) {
    invalidate_dependents(tstate, kind, object, key);
    if (tstate->executor_depth == 0) {
        qk_executors_reclaim(tstate);
    }
}

void qk_dict_watched_changed(QkThread *tstate, QkDict *dict, uint64_t hash) {
    qk_invalidate_dependents(tstate, QK_DEPENDS_ON_GLOBAL, dict, hash);
}

void qk_executors_traverse_invalid(QkVisitFunc visit, void *arg) {
    for (const QkExecutor *root = invalid_roots; root != NULL; root = root->next_root) {
        qk_executor_traverse(root, visit, arg);
    }
}

void qk_executors_reclaim(QkThread *tstate) {
    (void)tstate;
    while (invalid_roots != NULL) {
        QkExecutor *root = invalid_roots;
        invalid_roots = root->next_root;
        qk_executor_free(root);
    }
}
