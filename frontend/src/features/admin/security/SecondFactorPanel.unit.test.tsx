import { AxiosHeaders, type AxiosResponse } from 'axios';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../../test/render';
import { securityApi } from './api';
import { ResetSecondFactorButton } from './ResetSecondFactorButton';
import { SecondFactorPanel, SECURITY_TEXT } from './SecondFactorPanel';

const config = { headers: new AxiosHeaders() };
const reply = <T,>(data: T) => ({ data, status: 200, statusText: '', headers: {}, config }) as AxiosResponse<T>;
afterEach(() => jest.restoreAllMocks());

const status = (overrides: Partial<{ status: 'none' | 'pending' | 'enrolled'; required: boolean; recoveryCodesLeft: number }> = {}) =>
  reply({ status: 'none' as const, recoveryCodesLeft: 0, recoveryCodeCount: 10, required: false, ...overrides });

describe('two-step verification in the panel', () => {
  it('sets it up: QR code and key, a confirming code, then the recovery codes shown once', async () => {
    const user = userEvent.setup();
    jest.spyOn(securityApi, 'status').mockResolvedValue(status());
    jest.spyOn(securityApi, 'setup').mockResolvedValue(reply({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AAAA', position: 7 }));
    const codes = Array.from({ length: 10 }, (_, index) => `CODE${index}-ABCDE`);
    jest.spyOn(securityApi, 'confirm').mockResolvedValue(reply({ message: 'Two-step verification is on.', recoveryCodes: codes, position: 8 }));
    renderWithApp(<SecondFactorPanel isAdmin={false} />);
    await user.click(await screen.findByRole('button', { name: SECURITY_TEXT.start }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByTestId('second-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText(SECURITY_TEXT.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: SECURITY_TEXT.confirm }));
    expect(securityApi.confirm).toHaveBeenCalledWith('123456');
    expect(within(await screen.findByTestId('recovery-codes')).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible();
    // A staff member has no requirement switch.
    expect(screen.queryByLabelText(SECURITY_TEXT.requireLabel)).toBeNull();
  });

  it('an admin turns the requirement on with the switch', async () => {
    const user = userEvent.setup();
    jest.spyOn(securityApi, 'status').mockResolvedValue(status({ status: 'enrolled', recoveryCodesLeft: 9 }));
    jest.spyOn(securityApi, 'setRequired').mockResolvedValue(reply({ message: 'Two-step verification is now required for every admin and staff account.', secondFactorRequired: true, position: 5 }));
    renderWithApp(<SecondFactorPanel isAdmin />);
    expect(await screen.findByText(/9 of 10 recovery codes left/)).toBeVisible();
    await user.click(screen.getByLabelText(SECURITY_TEXT.requireLabel));
    expect(securityApi.setRequired).toHaveBeenCalledWith(true);
    expect(await screen.findByText('Two-step verification is now required for every admin and staff account.')).toBeVisible();
  });

  it("User Management resets another account's second factor after a confirmation", async () => {
    const user = userEvent.setup();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    jest.spyOn(securityApi, 'resetUser').mockResolvedValue(reply({ message: 'Two-step verification was reset.', position: 9 }));
    renderWithApp(<ResetSecondFactorButton userId="s1" name="Ravi Menon" />);
    await user.click(screen.getByRole('button', { name: 'Reset two-step verification' }));
    expect(window.confirm).toHaveBeenCalledWith(expect.stringContaining('Ravi Menon'));
    expect(securityApi.resetUser).toHaveBeenCalledWith('s1');
    expect(await screen.findByRole('status')).toHaveTextContent('Two-step verification was reset.');
  });
});
