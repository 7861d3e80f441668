export const couponRequestKeys = {
  all: ['coupon-requests'] as const,
};
