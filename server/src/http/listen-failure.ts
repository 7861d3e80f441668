/**
 * What a person starting the server is told when it cannot listen: which port, and how to choose
 * another, in place of Node's stack. Undefined for a failure that is not about the port.
 */
export function listenFailure(error: unknown, port: number): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE')
    return `Порт ${port} уже занят другой программой (может быть, сервер уже запущен). Остановите ее или выберите другой порт: PORT=${port === 3000 ? 3001 : 3000} npm start`;
  if (code === 'EACCES')
    return `Нет прав открыть порт ${port}: порты ниже 1024 открывает только администратор системы. Выберите другой порт: PORT=3000 npm start`;
  return undefined;
}
