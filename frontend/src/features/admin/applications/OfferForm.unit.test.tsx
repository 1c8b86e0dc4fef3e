import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from '../../../shared/api/http';
import { renderWithApp, signedIn } from '../../../test/render';
import { OfferForm } from './OfferForm';

afterEach(() => jest.restoreAllMocks());

describe("the admin's offer form for Accepted", () => {
  it('asks for a CTC or a stipend, then sets Accepted with the offer', async () => {
    const put = jest.spyOn(http, 'put').mockResolvedValue({ data: { status: 'Accepted' } });
    const done = jest.fn();
    renderWithApp(<OfferForm applicationId="a1" onDone={done} onCancel={jest.fn()} />, { auth: signedIn('admin') });

    fireEvent.click(screen.getByRole('button', { name: 'Set Accepted with this offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An offer needs its CTC or stipend');
    expect(put).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('CTC (₹ a year)'), { target: { value: '12,00,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Accepted with this offer' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/applications/applications/a1', { status: 'Accepted', offer: { ctc: 1_200_000 } });
  });

  it("shows the server's refusal", async () => {
    jest.spyOn(http, 'put').mockRejectedValue({ isAxiosError: true, response: { status: 404, data: { message: 'Application not found' } } });
    renderWithApp(<OfferForm applicationId="a1" onDone={jest.fn()} onCancel={jest.fn()} />, { auth: signedIn('admin') });
    fireEvent.change(screen.getByLabelText('Stipend (₹ a month)'), { target: { value: '30000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Accepted with this offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Application not found');
  });
});
