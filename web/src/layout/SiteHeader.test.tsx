import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../test/render';

describe('site header', () => {
  it('links to the information pages, with /testimonials labelled Reviews', () => {
    renderRoute('/faq');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/testimonials');
    expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the phone menu with the toggle; Escape closes it and returns focus to the toggle', async () => {
    const user = userEvent.setup();
    renderRoute('/faq');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', nav.id);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveAttribute('data-open', 'true');

    await user.tab();
    expect(within(nav).getAllByRole('link')[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the phone menu after navigating', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/faq');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Equipment' }));
    expect(router.state.location.pathname).toBe('/equipment');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('has a skip link to the main content', () => {
    renderRoute('/faq');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});
