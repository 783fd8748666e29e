export { BRANDS, isBrand, type Brand, type BrandNames } from '../specs/brands.js';
