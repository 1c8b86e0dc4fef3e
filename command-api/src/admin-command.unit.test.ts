import { PassThrough } from 'node:stream';
import { accountTable, askHidden, generatedPassword, parseAdminArguments, readAll, type Terminal } from './admin-command';

describe('npm run admin: the command line', () => {
  it('reads create with its options in either spelling, an admin asked for a password by default', () => {
    expect(parseAdminArguments(['create', '--email', 'cdc@university.edu', '--name', 'Placement Office'])).toEqual({
      command: 'create',
      email: 'cdc@university.edu',
      fullName: 'Placement Office',
      role: 'admin',
      password: 'prompt',
    });
    expect(parseAdminArguments(['create', '--email=a@university.edu', '--name=A B', '--role=staff', '--password-stdin'])).toMatchObject({ role: 'staff', fullName: 'A B', password: 'stdin' });
    expect(parseAdminArguments(['create', '--generate-password', '--name', 'A', '--email', 'a@university.edu'])).toMatchObject({ password: 'generate' });
    expect(parseAdminArguments(['list'])).toEqual({ command: 'list' });
    expect(parseAdminArguments([])).toEqual({ command: 'help' });
  });

  it.each([
    [['create', '--name', 'A'], 'create needs --email <e-mail>'],
    [['create', '--email', 'a@university.edu'], 'create needs --name <name>'],
    [['create', '--email', '--name', 'A'], '--email needs a value'],
    [['create', '--email', 'a@university.edu', '--name', 'A', '--role', 'student'], "--role is admin or staff (got 'student')"],
    [['create', '--email', 'a@university.edu', '--name', 'A', '--password-stdin', '--generate-password'], 'choose one of --password-stdin and --generate-password'],
    [['create', '--email', 'a@university.edu', '--name', 'A', '--password', 'x'], "unknown option '--password'"],
    [['list', '--all'], 'list takes no options (got --all)'],
    [['delete'], "unknown command 'delete'"],
  ])('%j is not a command: %s', (argv, usageError) => {
    expect(parseAdminArguments(argv)).toEqual({ usageError });
  });

  it('generates passwords nobody chose: 24 URL-safe characters, a new one each time', () => {
    const passwords = new Set(Array.from({ length: 20 }, generatedPassword));
    expect(passwords.size).toBe(20);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('reads standard input without the line break that ends it', async () => {
    const input = new PassThrough();
    input.end(' spaced pass phrase \n');
    expect(await readAll(input)).toBe(' spaced pass phrase ');
  });

  it('asks on a terminal in raw mode without echoing, honouring backspace, and leaves raw mode after', async () => {
    const input = Object.assign(new PassThrough(), { isTTY: true, modes: [] as boolean[] }) as PassThrough & Terminal & { modes: boolean[] };
    input.setRawMode = (mode: boolean) => input.modes.push(mode);
    const output = new PassThrough();
    let shown = '';
    output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
    const answer = askHidden('Password: ', input, output);
    input.write('secret!');
    input.write('\u007f phrase\r');
    expect(await answer).toBe('secret phrase');
    expect(shown).toBe('Password: \n');
    expect(input.modes).toEqual([true, false]);
  });

  it('cancels on Ctrl-C', async () => {
    const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined });
    const answer = askHidden('Password: ', input, new PassThrough());
    input.write('abc\u0003');
    await expect(answer).rejects.toThrow('cancelled');
  });

  it('lists accounts as a table whose columns line up', () => {
    expect(
      accountTable([
        { userId: '1', email: 'cdc@university.edu', fullName: 'Placement Office', role: 'admin', status: 'active' },
        { userId: '2', email: 'a@university.edu', fullName: 'Asha', role: 'staff', status: 'suspended' },
      ]),
    ).toBe(
      ['E-MAIL              NAME              ROLE   STATUS', 'cdc@university.edu  Placement Office  admin  active', 'a@university.edu    Asha              staff  suspended'].join('\n'),
    );
  });
});
