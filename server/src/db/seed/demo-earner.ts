/**
 * The demo promoter and the customer who buys through their code. Apart from the seed that writes them, so that a
 * walk can name them without loading the server's services.
 */
export const DEMO_EARNER = {
  projectSn: 'demo',
  phone: '13800000088',
  promoterCode: 'P0DE000001A',
  userId: 'demo-earner',
} as const;
export const DEMO_BUYER = { phone: '13800000099', userId: 'demo-earner-buyer' } as const;
