// cosm_start_writeback: the kernel's write-back of a file started early (see COSMReader.h).
#include "COSMReader.h"

#include <fcntl.h>
#include <cerrno>

extern "C" int cosm_start_writeback(int fd) {
#if defined(__linux__)
    return ::sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE) == 0 ? 0 : errno;
#else
    (void)fd;
    return 0;
#endif
}
