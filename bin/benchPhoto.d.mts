export declare const PHOTO: { width: number; height: number };
/** A 4032 × 3024 JPEG of about 4 MB with GPS coordinates in its EXIF; `seed` makes each different. */
export declare function phonePhoto(seed?: number): Promise<Buffer>;
