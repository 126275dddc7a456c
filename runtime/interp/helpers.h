/* The runtime helpers micro-op bodies call, besides the object protocols (abstract.h). Their
 * effects are declared in uop_defs/helpers.uops. */
#ifndef QUACK_HELPERS_H
#define QUACK_HELPERS_H

#include "abstract.h"
#include "frame.h"
#include "genframe.h"
#include "specialize.h"

/* Names: globals, builtins, and a class body's namespace (frame->locals). */
QkValue qk_load_global(QkThread *tstate, QkFrame *frame, uint32_t name_index);
int qk_store_global(QkThread *tstate, QkFrame *frame, uint32_t name_index, QkValue value);
int qk_delete_global(QkThread *tstate, QkFrame *frame, uint32_t name_index);
QkValue qk_load_name(QkThread *tstate, QkFrame *frame, uint32_t name_index);
int qk_store_name(QkThread *tstate, QkFrame *frame, uint32_t name_index, QkValue value);
int qk_delete_name(QkThread *tstate, QkFrame *frame, uint32_t name_index);
void qk_raise_unbound_local(QkThread *tstate, QkFrame *frame, uint32_t local_index);
void qk_raise_unbound_deref(QkThread *tstate, QkFrame *frame, uint32_t local_index);
static inline int qk_error_occurred(QkThread *tstate) { return tstate->exception != QK_NULL; }

/* Functions, calls and cells. */
QkValue qk_make_function(QkThread *tstate, QkFrame *frame, QkValue code);
void qk_set_function_attribute(QkValue func, uint32_t which, QkValue attr);
/* A Python function whose frame tier 1 can push in place (not a generator function). */
int qk_is_inlinable_function(QkValue v);
QkValue qk_cell_new(QkThread *tstate, QkValue value);
void qk_copy_free_vars(QkFrame *frame, uint32_t n);
QkValue qk_build_class_function(QkThread *tstate);
QkValue qk_import_name(QkThread *tstate, QkFrame *frame, uint32_t name_index);
QkValue qk_import_from(QkThread *tstate, QkFrame *frame, QkValue module, uint32_t name_index);

/* Containers. */
QkValue qk_tuple_from_array(QkThread *tstate, QkValue *values, int64_t n);
QkValue qk_list_from_array(QkThread *tstate, QkValue *values, int64_t n);
/* list[lo:hi] of an exact list, 0 <= lo and hi <= its size (hi < lo: empty). */
QkValue qk_list_slice(QkThread *tstate, QkValue list, int64_t lo, int64_t hi);
/* list[start:stop] = the n items (clipped bounds, as qk_slice_clip makes them; the items not the
 * list's own): 0, or -1 with MemoryError. */
int qk_list_assign_slice(QkThread *tstate, QkValue list, int64_t start, int64_t stop,
                         const QkValue *items, int64_t n);
QkValue qk_set_from_array(QkThread *tstate, QkValue *values, int64_t n);
QkValue qk_dict_from_pairs(QkThread *tstate, QkValue *pairs, int64_t npairs);
QkValue qk_slice_new(QkThread *tstate, QkValue start, QkValue stop, QkValue step);
QkValue qk_str_join_array(QkThread *tstate, QkValue *pieces, int64_t n);
int qk_list_append(QkThread *tstate, QkValue list, QkValue value);
int qk_set_add(QkThread *tstate, QkValue set, QkValue value);
int qk_list_extend(QkThread *tstate, QkValue list, QkValue iterable);
/* LIST_EXTEND: the same, naming the unpacking when the operand is not iterable at all. */
int qk_list_extend_unpack(QkThread *tstate, QkValue list, QkValue iterable);
int qk_set_update(QkThread *tstate, QkValue set, QkValue iterable);
int qk_dict_update(QkThread *tstate, QkValue dict, QkValue update);
int qk_dict_merge(QkThread *tstate, QkValue callable, QkValue dict, QkValue update);
QkValue qk_list_to_tuple(QkThread *tstate, QkValue list);

/* Exceptions. */
void qk_raise_varargs(QkThread *tstate, QkValue *args, uint32_t n);
QkValue qk_push_exc_info(QkThread *tstate, QkValue exc);
void qk_pop_exc_info(QkThread *tstate, QkValue prev);
int qk_exception_matches(QkThread *tstate, QkValue exc, QkValue type);
void qk_reraise(QkThread *tstate, QkValue exc);
QkValue qk_assertion_error_type(void);
/* with: calls mgr's __enter__ and returns its result, *exit set to the bound __exit__ (CPython
 * 3.11's lookups and messages); then, if the block raises, exit(type(exc), exc, None). */
QkValue qk_enter_context(QkThread *tstate, QkValue mgr, QkValue *exit);
QkValue qk_exit_context(QkThread *tstate, QkValue exit, QkValue exc);

/* Generators: sends value into receiver; *done is set when it returned (the result is then its
 * return value) rather than yielded. */
QkValue qk_send(QkThread *tstate, QkValue receiver, QkValue value, int *done);
/* A for loop resumes a generator inline: its frame, linked above the current one (NULL: it has
 * finished, or with an exception set: it is running, or the stack is too deep). */
QkFrame *qk_generator_resume(QkThread *tstate, QkValue gen);
/* Its frame returned: the generator is exhausted. */
void qk_generator_finished(QkFrame *frame);
/* Its frame raised the thread's exception: exhausted too, and a StopIteration becomes a
 * RuntimeError (caused by it). */
void qk_generator_raised(QkThread *tstate, QkFrame *frame);

/* Tier 2. */
void qk_backedge(QkThread *tstate, QkFrame *frame, QkCodeUnit *this_instr, QkCodeUnit *target);
QkCodeUnit *qk_enter_executor(QkThread *tstate, QkFrame *frame, uint32_t index);
/* Leaves a trace by a side exit that has no side trace: counts it (a hot exit starts recording
 * one) and returns where tier 1 resumes, the exit's target, with the frame's stack pointer set. */
QkCodeUnit *qk_take_side_exit(QkThread *tstate, QkFrame *frame, QkValue *stack_pointer,
                              uint64_t exit);
/* At an exit from where a trace kept floats unboxed, boxes them (bit i of `slots`:
 * stack_pointer[-1 - i]). False, with MemoryError raised, if a box could not be made. */
bool qk_box_raw_slots(QkThread *tstate, QkValue *stack_pointer, uint32_t slots);
/* How deep calls may be elided inside an elided call (elide.c). */
enum { QK_MAX_NESTED_ELIDED = 4 };
/* An elided call (elide.c) starts: false if the frame an exit would build for it could not be
 * pushed, or a call elided inside it would pass the recursion limit, or the data stack lacks
 * `room` bytes (its frame and those of the deepest calls elided inside it, whose stacks go on
 * above its own); else its slots, from the callable on (the operands for a dunder), start at
 * `call`, which the thread keeps for the exit. The depth allows for the deepest nesting there
 * may be, not the one there is: a constant costs one instruction, the exact depth cost two. */
static inline bool qk_enter_elided_frame(QkThread *tstate, QkValue *call, uint64_t room) {
    if (tstate->frame_depth + QK_MAX_NESTED_ELIDED >= tstate->recursion_limit ||
        (uint64_t)((char *)tstate->datastack_limit - (char *)tstate->datastack_top) < room) {
        return false;
    }
    tstate->elided_call = call;
    return true;
}
/* The call an elided frame stands for. */
typedef enum {
    QK_ELIDED_CALL,   /* _CALL_PY_EXACT_ARGS: callable, self_or_null, then the arguments */
    QK_ELIDED_INIT,   /* _CALL_ALLOC_AND_ENTER_INIT: the class, the instance, the arguments */
    QK_ELIDED_DUNDER, /* _BINARY_OP_PY_DUNDER_KNOWN: the two operands */
} QkElidedKind;
/* At an exit inside an elided call of nargs arguments: pushes the frame the call would have
 * pushed (the caller to resume at `target`; a dunder's function is `dunder`), moves the callee's
 * stack, up to stack_pointer, into it, and returns it. */
QkFrame *qk_materialize_frame(QkThread *tstate, QkFrame *caller, QkValue *stack_pointer,
                              QkElidedKind kind, uint32_t nargs, uint32_t target, QkValue dunder);

#endif
