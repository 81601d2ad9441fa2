import { defineCallables } from '../../callables.js';
import type { SaleService } from './service.js';

/** The office's dashboard. */
export function saleCallables(sale: SaleService) {
  return defineCallables({
    getSaleDashboard: async () => sale.dashboard(),
  });
}
