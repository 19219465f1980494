/** The blog's URLs: the list of a category, and the numbered pages of a list. */
export const categorySlug = (category: string) => category.toLowerCase().replace(/[^a-z0-9]+/g, '-');
export const pageHref = (list: string, page: number) => (page === 1 ? list : `${list}/page/${page}`);
