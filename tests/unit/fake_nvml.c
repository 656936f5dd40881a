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
const char* nvmlErrorString(int r) { return r == 0 ? "Success" : "Not Found"; }
int nvmlDeviceGetHandleByPciBusId_v2(const char* pci, nvmlDevice_t* d) {
  if (strcmp(pci, "0000:01:00.0") != 0) return 6; /* NVML_ERROR_NOT_FOUND */
  *d = &device_tag;
  return 0;
}
int nvmlDeviceGetPowerUsage(nvmlDevice_t d, unsigned int* mw) { (void)d; *mw = 250000; return 0; }
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
int nvmlDeviceGetTemperature(nvmlDevice_t d, int sensor, unsigned int* c) { (void)d, (void)sensor; *c = 47; return 0; }
int nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t d, unsigned long long* mask) { (void)d; *mask = 0x4; return 0; }
int nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_t d, unsigned int* mw) { (void)d; *mw = 700000; return 0; }
