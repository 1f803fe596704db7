// The orders area's queries: the only code that touches its tables.
export { countOrders, listOrders, listVersion } from './list.ts';
export { knownProducts, ownDepartment, patientDepartment } from './references.ts';
export { ordersByIds } from './rows.ts';
export { pharmacyOrderScope, supplierOf, type OrderScope } from './scope.ts';
export {
  changeStatus,
  expireOrders,
  findOrder,
  insertOrder,
  markSent,
  orderParties,
  type OrderRow,
} from './write.ts';
