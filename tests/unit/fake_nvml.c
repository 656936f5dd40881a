/* SPDX-License-Identifier: BSD-3-Clause */
/* A fake libnvidia-ml for tests without a GPU ($HPCS_NVML_LIBRARY points at it): one GPU at
 * PCI 0000:01:00.0 drawing 250 W at SM 1755 MHz / memory 2619 MHz, 47 C, held by its
 * software power cap, 700 W enforced limit; its energy counter adds 1 J per read. */
#include <string.h>

typedef void* nvmlDevice_t;
static int device_tag;
static unsigned long long energy_mj;

int nvmlInit_v2(void) { return 0; }
int nvmlShutdown(void) { return 0; }
const char* nvmlErrorString(int r) { return r == 0 ? "Success" : r == 4 ? "Insufficient Permissions" : "Not Found"; }
int nvmlDeviceGetHandleByPciBusId_v2(const char* pci, nvmlDevice_t* d) {
  if (strcmp(pci, "0000:01:00.0") != 0) return 6; /* NVML_ERROR_NOT_FOUND */
  *d = &device_tag;
  return 0;
}
int nvmlDeviceGetPowerUsage(nvmlDevice_t d, unsigned int* mw) {
  (void)d;
  *mw = 250000;
  return 0;
}
int nvmlDeviceGetTotalEnergyConsumption(nvmlDevice_t d, unsigned long long* mj) {
  (void)d;
  energy_mj += 1000;
  *mj = energy_mj;
  return 0;
}
int nvmlDeviceGetClockInfo(nvmlDevice_t d, int type, unsigned int* mhz) {
  (void)d;
  *mhz = type == 1 ? 1755 : type == 2 ? 2619 : 1700;
  return 0;
}
int nvmlDeviceGetTemperature(nvmlDevice_t d, int sensor, unsigned int* c) {
  (void)d, (void)sensor;
  *c = 47;
  return 0;
}
int nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t d, unsigned long long* mask) {
  (void)d;
  *mask = 0x4;
  return 0;
}
int nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_t d, unsigned int* mw) {
  (void)d;
  *mw = 700000;
  return 0;
}

/* Clock locking for --gpu-clock's tests: FAKE_NVML_LOCK=deny refuses it as NVML does without
 * the permission; every lock and reset is appended to the file $FAKE_NVML_STATE. */
#include <stdio.h>
#include <stdlib.h>
static void note(const char* what, unsigned a, unsigned b) {
  const char* path = getenv("FAKE_NVML_STATE");
  FILE* f = path ? fopen(path, "a") : NULL;
  if (!f) return;
  fprintf(f, "%s %u %u\n", what, a, b);
  fclose(f);
}
int nvmlDeviceSetGpuLockedClocks(nvmlDevice_t d, unsigned int lo, unsigned int hi) {
  (void)d;
  const char* mode = getenv("FAKE_NVML_LOCK");
  if (mode && strcmp(mode, "deny") == 0) return 4; /* NVML_ERROR_NO_PERMISSION */
  note("lock", lo, hi);
  return 0;
}
int nvmlDeviceResetGpuLockedClocks(nvmlDevice_t d) {
  (void)d;
  note("reset", 0, 0);
  return 0;
}
