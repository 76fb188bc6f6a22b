// /likes/m/{id}: the same profile screen as /members/{id}, reached from the likes list (docs/product.md §2).
export { action, default, loader, meta } from './members.$id';
