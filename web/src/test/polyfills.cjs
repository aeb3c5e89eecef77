// ScrollRestoration scrolls on navigation; jsdom has no layout to scroll.
window.scrollTo = () => {};
