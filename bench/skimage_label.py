#!/usr/bin/python3
"""Times scikit-image's labelling on the images bench_label dumped.

Run: build/bench/bench_label --dump /tmp && /usr/bin/python3 bench/skimage_label.py /tmp
"""
import sys
import time

import numpy as np
from skimage.measure import label

N = 4096
folder = sys.argv[1] if len(sys.argv) > 1 else '/tmp'
print('scikit-image measure.label(connectivity=1), best of 3 (cpu ms: processor time)')
print('%-11s %8s %12s %12s %12s' % ('bitmap', 'rooms', 'label Msq/s', 'label ms', 'cpu ms'))
for name in ('rooms', 'noise', 'one-colour', 'spiral'):
    img = np.fromfile('%s/qb-bench-%s.raw' % (folder, name), dtype=np.uint8).reshape(N, N)
    # every colour is a room colour here, so label colour index + 1 with no background
    img = img.astype(np.int32) + 1
    best = best_cpu = 1e30
    for _ in range(3):
        t0, c0 = time.perf_counter(), time.process_time()
        lab, n = label(img, connectivity=1, background=0, return_num=True)
        best = min(best, (time.perf_counter() - t0) * 1000)
        best_cpu = min(best_cpu, (time.process_time() - c0) * 1000)
    print('%-11s %8d %12.1f %12.1f %12.1f' % (name, n, N * N / 1e3 / best, best, best_cpu))
