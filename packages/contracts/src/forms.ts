/** Form messages of spec §5 (max_value corrected as decided in PRODUCT.md §4). */
export const formMessages = {
  required: 'Field is required',
  minLength: (length: number) => `Field must have at least ${length} characters`,
  email: 'Email is not valid',
  maxValue: (bound: number) => `Must be lower than ${bound}`,
  minValue: (bound: number) => `Must be higher than ${bound}`,
  invalid: 'is not valid',
  unique: 'Names must be unique',
  oneReference: 'Only one component can be the reference peak',
  gradientStart: 'The first step of a gradient is at 0 min',
  unknownField: 'Unknown field',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string): boolean => emailPattern.test(value) && value.length <= 254;
