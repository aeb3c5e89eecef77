import { screen } from '@testing-library/react';
import { renderRoute } from '../test/render';
import '../admin/AdminLoginPage';

describe('admin header', () => {
  it('the admin pages have their own header, not the public navigation and its Book a Workshop button', async () => {
    renderRoute('/admin');
    expect(await screen.findByRole('link', { name: /Admin$/ })).toHaveAttribute('href', '/admin/dashboard');
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the website' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByText('Book a Workshop')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('the public pages keep theirs', () => {
    renderRoute('/faq');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });
});
