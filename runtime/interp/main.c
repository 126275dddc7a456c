/* quack [--stats] PROGRAM.py | quack [--stats] --image IMAGE.qkimg
 * Compiles the program with the front end (python3 -m frontend), then runs the code image. */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ceval.h"
#include "executor.h"
#include "image.h"
#include "stats_io.h"

typedef struct Buffer {
    unsigned char *bytes;
    size_t size, capacity;
} Buffer;

static int buffer_read_fd(Buffer *b, int fd) {
    for (;;) {
        if (b->size == b->capacity) {
            size_t capacity = b->capacity ? b->capacity * 2 : 1 << 16;
            unsigned char *grown = realloc(b->bytes, capacity);
            if (grown == NULL) {
                return -1;
            }
            b->bytes = grown;
            b->capacity = capacity;
        }
        ssize_t n = read(fd, b->bytes + b->size, b->capacity - b->size);
        if (n == 0) {
            return 0;
        }
        if (n < 0 && errno != EINTR) {
            return -1;
        }
        if (n > 0) {
            b->size += (size_t)n;
        }
    }
}

/* The checkout quack was built in: the binary lives at ROOT/out/<target>/bin/quack. */
static int find_home(char *root, size_t size, char *target, size_t target_size) {
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        return -1;
    }
    exe[n] = '\0';
    char *bin = dirname(exe);          /* ROOT/out/<target>/bin */
    char *target_dir = dirname(bin);   /* ROOT/out/<target> */
    snprintf(target, target_size, "%s", target_dir);
    char *out = dirname(target_dir);   /* ROOT/out */
    snprintf(root, size, "%s", dirname(out));
    return 0;
}

/* Runs the front end, collecting the image it writes to stdout. Returns its exit status. */
static int compile_program(const char *program, Buffer *image) {
    char root[PATH_MAX], target_dir[PATH_MAX], pythonpath[3 * PATH_MAX];
    if (find_home(root, sizeof root, target_dir, sizeof target_dir) < 0) {
        fputs("quack: cannot locate the front end (no /proc/self/exe)\n", stderr);
        return 1;
    }
    const char *home = getenv("QUACK_HOME");
    const char *old = getenv("PYTHONPATH");
    snprintf(pythonpath, sizeof pythonpath, "%s:%s/lib%s%s", home ? home : root, target_dir,
             old ? ":" : "", old ? old : "");
    const char *python = getenv("QUACK_PYTHON") ? getenv("QUACK_PYTHON") : "python3";
    int fds[2];
    if (pipe(fds) < 0) {
        perror("quack: pipe");
        return 1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        perror("quack: fork");
        return 1;
    }
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], STDOUT_FILENO);
        close(fds[1]);
        setenv("PYTHONPATH", pythonpath, 1);
        execlp(python, python, "-P", "-m", "frontend", program, (char *)NULL);
        fprintf(stderr, "quack: cannot run the front end with %s: %s\n", python, strerror(errno));
        _exit(1);
    }
    close(fds[1]);
    int read_failed = buffer_read_fd(image, fds[0]);
    close(fds[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (read_failed) {
        fputs("quack: cannot read the front end's output\n", stderr);
        return 1;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

static int read_file(const char *path, Buffer *b) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "quack: can't open file '%s': %s\n", path, strerror(errno));
        return 1;
    }
    int failed = buffer_read_fd(b, fileno(f));
    fclose(f);
    return failed ? 1 : 0;
}

static long env_long(const char *name, long fallback) {
    const char *v = getenv(name);
    if (v == NULL || *v == '\0') {
        return fallback;
    }
    char *end;
    long n = strtol(v, &end, 10);
    if (*end != '\0' || n < 0) {
        fprintf(stderr, "quack: ignoring %s=%s (not a non-negative number)\n", name, v);
        return fallback;
    }
    return n;
}

/* Tier 2's bounds: environment variable, where it goes, default and range. */
typedef struct ConfigVar {
    const char *name;
    size_t offset;
    uint32_t fallback, min, max;
} ConfigVar;

static const ConfigVar config_vars[] = {
    {"QUACK_JIT_THRESHOLD", offsetof(QkTraceConfig, loop_threshold), 16, 1, 4096},
    {"QUACK_EXIT_THRESHOLD", offsetof(QkTraceConfig, exit_threshold), 16, 1, 4096},
    {"QUACK_TRACE_LENGTH", offsetof(QkTraceConfig, max_length), 800, 16, 4000},
    {"QUACK_SIDE_TRACES", offsetof(QkTraceConfig, max_side_traces), 32, 0, 1024},
    {"QUACK_TRACE_DEPTH", offsetof(QkTraceConfig, max_depth), 8, 0, 64},
};

/* Out of range is a usage error (exit 2), not a silent clamp: a benchmark must run what it says. */
static int read_trace_config(QkTraceConfig *config) {
    for (size_t i = 0; i < sizeof config_vars / sizeof config_vars[0]; i++) {
        const ConfigVar *var = &config_vars[i];
        long n = env_long(var->name, var->fallback);
        if (n < var->min || n > var->max) {
            fprintf(stderr, "quack: %s=%ld is out of range (%u to %u)\n", var->name, n, var->min,
                    var->max);
            return -1;
        }
        *(uint32_t *)((char *)config + var->offset) = (uint32_t)n;
    }
    return 0;
}

static int usage(void) {
    fputs("usage: quack [--stats] [--dump-traces] [--compile-bench] PROGRAM.py [ARG...]\n"
          "       quack [--stats] [--dump-traces] [--compile-bench] --image IMAGE.qkimg [ARG...]\n"
          "environment: QUACK_JIT=0|1 (default 1), QUACK_TIER2=0|1 (default 1),\n"
          "             QUACK_JIT_MEMORY=flip|dual (default flip), QUACK_JIT_THRESHOLD=N,\n"
          "             QUACK_EXIT_THRESHOLD=N, QUACK_TRACE_LENGTH=N, QUACK_SIDE_TRACES=N,\n"
          "             QUACK_TRACE_DEPTH=N (see the README for defaults and ranges),\n"
          "             QUACK_STATS=FILE (JSON at exit),\n"
          "             QUACK_GC_STRESS=1 (collect at every allocation: a debugging aid),\n"
          "             QUACK_PERF_MAP=1 (name JIT code for perf in /tmp/perf-PID.map)\n",
          stderr);
    return 2;
}

int main(int argc, char **argv) {
    int print_stats = 0, is_image = 0, compile_bench = 0, dump_traces = 0, program_args = argc;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--stats") == 0) {
            print_stats = 1;
        } else if (strcmp(argv[i], "--dump-traces") == 0) {
            dump_traces = 1;
        } else if (strcmp(argv[i], "--compile-bench") == 0) {
            compile_bench = 1;
        } else if (strcmp(argv[i], "--image") == 0) {
            is_image = 1;
        } else if (argv[i][0] == '-') {
            return usage();
        } else {
            path = argv[i];
            program_args = i;
            break; /* the rest are the program's: sys.argv */
        }
    }
    if (path == NULL) {
        return usage();
    }
    /* Checked before the front end runs: a misspelt mode is a usage error, not a silent default. */
    const char *jit_memory = getenv("QUACK_JIT_MEMORY");
    if (jit_memory != NULL && *jit_memory != '\0' && strcmp(jit_memory, "flip") != 0 &&
        strcmp(jit_memory, "dual") != 0) {
        fprintf(stderr, "quack: unknown QUACK_JIT_MEMORY=%s (choose flip or dual)\n", jit_memory);
        return 2;
    }
    QkTraceConfig trace_config;
    if (read_trace_config(&trace_config) < 0) {
        return 2;
    }
    Buffer image = {0};
    int status = is_image ? read_file(path, &image) : compile_program(path, &image);
    if (status != 0) {
        free(image.bytes);
        return status;
    }
    QkThread tstate;
    if (qk_thread_init(&tstate) < 0) {
        fputs("quack: out of memory\n", stderr);
        return 1;
    }
    tstate.gc_stress = env_long("QUACK_GC_STRESS", 0) != 0;
    tstate.tier2_enabled = env_long("QUACK_TIER2", 1) != 0;
    tstate.jit_enabled = tstate.tier2_enabled && env_long("QUACK_JIT", 1) != 0;
    tstate.trace_config = trace_config;
    tstate.dump_traces = dump_traces;
    tstate.argv = argv + program_args;
    tstate.argc = argc - program_args;
    FILE *perf_map = NULL;
    if (env_long("QUACK_PERF_MAP", 0) != 0) {
        char map_path[64];
        snprintf(map_path, sizeof map_path, "/tmp/perf-%ld.map", (long)getpid());
        perf_map = fopen(map_path, "a");
        if (perf_map == NULL) {
            fprintf(stderr, "quack: cannot write %s\n", map_path);
        }
    }
    qk_jit_init(jit_memory, &tstate.stats.jit, perf_map);

    QkValue code = qk_load_image(&tstate, image.bytes, image.size, path);
    free(image.bytes);
    status = code == QK_NULL ? 1 : qk_run_module(&tstate, code);
    fflush(stdout);
    const char *stats_path = getenv("QUACK_STATS");
    if (stats_path != NULL && *stats_path != '\0' &&
        qk_stats_write_json(&tstate, stats_path) != 0) {
        fprintf(stderr, "quack: cannot write statistics to %s\n", stats_path);
        status = status ? status : 1;
    }
    if (print_stats) {
        qk_stats_print(&tstate, stderr);
    }
    if (compile_bench) {
        qk_executors_compile_bench(stderr);
    }
    qk_thread_fini(&tstate); /* frees the executors, and so their JIT memory */
    qk_jit_fini();
    if (perf_map != NULL) {
        fclose(perf_map);
    }
    return status;
}
