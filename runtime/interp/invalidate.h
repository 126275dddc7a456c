/* What the rest of the runtime tells tier 2 when something traces may rely on changes. */
#ifndef QUACK_INVALIDATE_H
#define QUACK_INVALIDATE_H

#include "quack.h"

/* What a tree of traces relies on beyond its guards; changing it invalidates the tree. */
typedef enum {
    QK_DEPENDS_ON_CLASS,  /* a QkType: its namespace or a base's changed */
    QK_DEPENDS_ON_TREE,   /* another tree, which a trace of this one jumps into */
    QK_DEPENDS_ON_GLOBAL, /* a name in a globals or builtins dict (the key: the name's hash) */
} QkDependencyKind;

/* Any key: every dependency on the object. */
#define QK_ANY_KEY UINT64_MAX

/* Invalidates every tree that depends on `object` (for globals, on its name with hash `key`). */
void qk_invalidate_dependents(QkThread *tstate, QkDependencyKind kind, const void *object,
                              uint64_t key);

/* A watched dict's name changed (dict.c calls it for names whose bits are in `watched`). */
void qk_dict_watched_changed(QkThread *tstate, QkDict *dict, uint64_t hash);

#endif
