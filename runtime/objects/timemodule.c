/* The time module: the clocks programs time themselves with, and sleep. */
#include <errno.h>
#include <math.h>
#include <time.h>

#include "objmodel.h"
#include "quack.h"
#include "types.h"

static double clock_seconds(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static QkValue clock_value(QkThread *tstate, size_t nargs, QkValue kwnames, const char *name,
                           clockid_t clock) {
    if (qk_check_args(tstate, name, nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    return qk_float_new(tstate, clock_seconds(clock));
}

static QkValue time_time(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    (void)self, (void)args;
    return clock_value(tstate, nargs, kwnames, "time", CLOCK_REALTIME);
}

static QkValue time_perf_counter(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                 QkValue kwnames) {
    (void)self, (void)args;
    return clock_value(tstate, nargs, kwnames, "perf_counter", CLOCK_MONOTONIC);
}

static QkValue time_process_time(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                 QkValue kwnames) {
    (void)self, (void)args;
    return clock_value(tstate, nargs, kwnames, "process_time", CLOCK_PROCESS_CPUTIME_ID);
}

static QkValue time_sleep(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    (void)self;
    double seconds;
    if (qk_check_args(tstate, "sleep", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    int known = qk_as_double(tstate, args[0], &seconds);
    if (known < 0) {
        return QK_NULL;
    }
    if (!known) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "'%s' object cannot be interpreted as an integer or float",
                        qk_type_name(args[0]));
    }
    if (seconds < 0 || isnan(seconds)) {
        return qk_raise(tstate, &qk_exc_ValueError, "sleep length must be non-negative");
    }
    struct timespec ts = {(time_t)seconds, (long)((seconds - floor(seconds)) * 1e9)};
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR) {
    }
    return QK_NONE;
}

static const QkMethodDef time_functions[] = {
    {"time", time_time},
    {"perf_counter", time_perf_counter},
    {"monotonic", time_perf_counter},
    {"process_time", time_process_time},
    {"sleep", time_sleep},
    {NULL, NULL},
};

int qk_init_time(QkThread *tstate, QkValue module) {
    for (const QkMethodDef *def = time_functions; def->name != NULL; def++) {
        QkValue f = qk_builtin_new(tstate, def->name, def->func, module);
        if (f == QK_NULL || qk_module_add(tstate, module, def->name, f) < 0) {
            return -1;
        }
    }
    return 0;
}
