/** The logistics page queries by carrier code; an order's parcel names its carrier. */
// rules/logistics CARRIERS by name, written out: that module's patterns would weigh on the WeChat main package.
const CARRIER_CODES: Record<string, string> = {
  顺丰速运: 'SF',
  中通快递: 'ZTO',
  圆通速递: 'YTO',
  申通快递: 'STO',
  韵达快递: 'YUNDA',
  京东快递: 'JD',
  EMS: 'EMS',
};

/** The carrier code of a parcel's carrier name ('' when unknown). */
export const carrierCodeOf = (name: string | null | undefined) => (name && CARRIER_CODES[name]) || '';
