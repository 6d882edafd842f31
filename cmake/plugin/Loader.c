//===- Loader.c - asyncpipe's plugin for a stock mlir-opt -----------------===//
//
// `mlir-opt --load-dialect-plugin=libAsyncPipePlugin.so
//           --load-pass-plugin=libAsyncPipePlugin.so` adds asyncpipe's three
// dialects, its Rust passes and its pipelines to the host.
//
// Why a loader: asyncpipe shares the host's MLIR (one registry, one context
// type), so it must never run in a process whose MLIR is another one. The
// symbols of libMLIR.so are not versioned: loading libMLIR.so.22.1 into an
// mlir-opt of another release, or into a tool that links MLIR statically,
// would bind one MLIR's code to the other's data while the second copy's
// static constructors run, before any entry point could object. So this
// library depends on nothing but libc: its entry points look at what the
// host has loaded, and only when the host's libMLIR is the one asyncpipe was
// built against do they load libasyncpipe.so (the Rust passes, which brings
// libAsyncPipeDialects.so) and forward to it. Otherwise they print why and
// return API version 0, which mlir-opt refuses with its own message.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

// The layouts of mlir::DialectPluginLibraryInfo and
// mlir::PassPluginLibraryInfo (mlir/Tools/Plugins/*.h), API version 1.
enum { kPluginApiVersion = 1 };
typedef struct {
  uint32_t apiVersion;
  const char *pluginName;
  const char *pluginVersion;
  void (*registerDialectRegistryCallbacks)(void *registry);
} DialectPluginLibraryInfo;
typedef struct {
  uint32_t apiVersion;
  const char *pluginName;
  const char *pluginVersion;
  void (*registerPassRegistryCallbacks)(void);
} PassPluginLibraryInfo;

// MlirDialectRegistry: the C API's wrapper of a mlir::DialectRegistry *.
typedef struct {
  void *ptr;
} Registry;

static const char kName[] = "asyncpipe";
static const char kVersion[] = ASYNCPIPE_VERSION " (MLIR " ASYNCPIPE_MLIR_SONAME ")";

// What dl_iterate_phdr found: the host's libMLIR.so.*, if any.
typedef struct {
  char path[4096];
  int count;
} Found;

static int findMLIR(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  Found *found = data;
  const char *name = info->dlpi_name ? info->dlpi_name : "";
  const char *base = strrchr(name, '/');
  base = base ? base + 1 : name;
  if (strncmp(base, "libMLIR.so", 10) == 0) {
    if (found->count++ == 0)
      snprintf(found->path, sizeof found->path, "%s", name);
  }
  return 0;
}

static int sameFile(const char *a, const char *b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

// Returns 1 when the host already runs the libMLIR.so asyncpipe was built
// against; otherwise prints why not and returns 0.
static int hostSharesMLIR(void) {
  Found found = {{0}, 0};
  dl_iterate_phdr(findMLIR, &found);
  if (found.count == 1 && sameFile(found.path, ASYNCPIPE_MLIR_LIBRARY))
    return 1;
  if (found.count == 1) {
    fprintf(stderr,
            "asyncpipe plugin: error: this program uses %s, but asyncpipe was built against "
            "%s; rebuild asyncpipe against the host's MLIR\n",
            found.path, ASYNCPIPE_MLIR_LIBRARY);
    return 0;
  }
  fprintf(stderr,
          "asyncpipe plugin: error: %s; asyncpipe was built against %s and shares the host's "
          "MLIR, so it will not load a second copy (duplicate registries)\n",
          found.count == 0 ? "this program does not use a shared libMLIR.so (it links MLIR "
                             "statically, or is not an MLIR tool)"
                           : "this program has loaded more than one libMLIR.so",
          ASYNCPIPE_MLIR_LIBRARY);
  return 0;
}

typedef void (*RegisterDialectsFn)(Registry);
typedef void (*RegisterPassesFn)(void);
static RegisterDialectsFn registerDialects;
static RegisterPassesFn registerPasses;

// Loads libasyncpipe.so: beside this library when installed, else where the
// build made it. Returns 1 on success (once; later calls reuse it).
static int loadAsyncpipe(void) {
  if (registerDialects && registerPasses)
    return 1;
  if (!hostSharesMLIR())
    return 0;
  char path[4096] = "";
  Dl_info self;
  if (dladdr((void *)&hostSharesMLIR, &self) && self.dli_fname) {
    const char *slash = strrchr(self.dli_fname, '/');
    int dir = slash ? (int)(slash - self.dli_fname) : 0;
    snprintf(path, sizeof path, "%.*s%slibasyncpipe.so", dir, self.dli_fname,
             slash ? "/" : "");
  }
  struct stat st;
  if (path[0] == 0 || stat(path, &st) != 0)
    snprintf(path, sizeof path, "%s", ASYNCPIPE_RUST_LIBRARY);
  void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    fprintf(stderr, "asyncpipe plugin: error: cannot load the passes: %s\n", dlerror());
    return 0;
  }
  registerDialects = (RegisterDialectsFn)dlsym(handle, "asyncpipeRegisterDialects");
  registerPasses = (RegisterPassesFn)dlsym(handle, "asyncpipeRegisterPasses");
  if (!registerDialects || !registerPasses) {
    fprintf(stderr, "asyncpipe plugin: error: %s lacks asyncpipe's registration functions\n",
            path);
    return 0;
  }
  return 1;
}

static void registerDialectsInto(void *registry) {
  Registry wrapped = {registry};
  registerDialects(wrapped);
}

static void registerAllPasses(void) { registerPasses(); }

__attribute__((visibility("default"))) DialectPluginLibraryInfo mlirGetDialectPluginInfo(void) {
  DialectPluginLibraryInfo info = {0, kName, kVersion, NULL};
  if (loadAsyncpipe()) {
    info.apiVersion = kPluginApiVersion;
    info.registerDialectRegistryCallbacks = registerDialectsInto;
  }
  return info;
}

__attribute__((visibility("default"))) PassPluginLibraryInfo mlirGetPassPluginInfo(void) {
  PassPluginLibraryInfo info = {0, kName, kVersion, NULL};
  if (loadAsyncpipe()) {
    info.apiVersion = kPluginApiVersion;
    info.registerPassRegistryCallbacks = registerAllPasses;
  }
  return info;
}
