// The plugin refuses, with a message and before it loads any MLIR, a host
// whose MLIR is not the libMLIR.so asyncpipe was built against: a program
// with no shared libMLIR (as one that links MLIR statically), and one that
// uses another libMLIR (here a stand-in library named libMLIR.so.21.1). A
// host that already runs the right libMLIR.so gets the plugin's callbacks.
// REQUIRES: installed
// UNSUPPORTED: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: cc -std=c11 -Wall -Werror %s -o %t/host -ldl
// RUN: %t/host %plugin none 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: echo 'int mlirStandIn;' > %t/standin.c
// RUN: cc -shared -fPIC %t/standin.c -o %t/libMLIR.so.21.1 -Wl,-soname,libMLIR.so.21.1
// RUN: %t/host %plugin %t/libMLIR.so.21.1 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: %t/host %plugin %llvm_bin/../lib/libMLIR.so.22.1 2>&1 | FileCheck %s --check-prefix=SAME

// STATIC: asyncpipe plugin: error: this program does not use a shared libMLIR.so (it links MLIR statically, or is not an MLIR tool); asyncpipe was built against {{.*}}libMLIR.so.22.1 and shares the host's MLIR, so it will not load a second copy (duplicate registries)
// STATIC: dialect plugin: api 0, callback 0
// STATIC: pass plugin: api 0, callback 0
// STATIC: libMLIR.so loaded: 0

// OTHER: asyncpipe plugin: error: this program uses {{.*}}/libMLIR.so.21.1, but asyncpipe was built against {{.*}}libMLIR.so.22.1; rebuild asyncpipe against the host's MLIR
// OTHER: dialect plugin: api 0, callback 0
// OTHER: libMLIR.so loaded: 1

// SAME-NOT: error
// SAME: dialect plugin: api 1, callback 1
// SAME: pass plugin: api 1, callback 1
// SAME: libMLIR.so loaded: 1

#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  uint32_t apiVersion;
  const char *pluginName;
  const char *pluginVersion;
  void (*callback)(void);
} Info;

static int countMLIR(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  const char *base = strrchr(info->dlpi_name, '/');
  if (base && strncmp(base + 1, "libMLIR.so", 10) == 0)
    ++*(int *)data;
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  // The host's own MLIR, if it has one, is loaded before any plugin.
  if (strcmp(argv[2], "none") != 0 && !dlopen(argv[2], RTLD_NOW | RTLD_GLOBAL)) {
    fprintf(stderr, "host: %s\n", dlerror());
    return 1;
  }
  void *plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!plugin) {
    fprintf(stderr, "host: %s\n", dlerror());
    return 1;
  }
  const char *entries[] = {"mlirGetDialectPluginInfo", "mlirGetPassPluginInfo"};
  const char *names[] = {"dialect", "pass"};
  for (int i = 0; i < 2; ++i) {
    Info (*get)(void) = (Info(*)(void))dlsym(plugin, entries[i]);
    if (!get)
      return 1;
    Info info = get();
    fflush(stderr);
    printf("%s plugin: api %u, callback %d\n", names[i], info.apiVersion, info.callback != NULL);
  }
  int count = 0;
  dl_iterate_phdr(countMLIR, &count);
  printf("libMLIR.so loaded: %d\n", count);
  return 0;
}
