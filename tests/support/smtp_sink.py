"""A real SMTP server on loopback for tests: stores each message it receives as a file.

Usage: python3 smtp_sink.py <dir>. Prints "PORT <n>" once listening on 127.0.0.1 (port chosen by the OS).
Uses the standard library's smtpd (Python <= 3.11) or aiosmtpd when that is installed.
"""
import os
import sys
import time
import warnings

out_dir = sys.argv[1]
os.makedirs(out_dir, exist_ok=True)


def store(peer, mailfrom, rcpttos, data):
    if isinstance(data, str):
        data = data.encode()
    name = os.path.join(out_dir, "%d-%d.eml" % (time.time_ns(), os.getpid()))
    with open(name + ".tmp", "wb") as f:
        f.write(b"X-Envelope-To: " + ",".join(rcpttos).encode() + b"\r\n" + data)
    os.rename(name + ".tmp", name)


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    try:
        import asyncore
        import smtpd
    except ImportError:
        smtpd = None

if smtpd is not None:
    class Sink(smtpd.SMTPServer):
        def process_message(self, peer, mailfrom, rcpttos, data, **kwargs):
            store(peer, mailfrom, rcpttos, data)

    server = Sink(("127.0.0.1", 0), None, decode_data=False)
    print("PORT %d" % server.socket.getsockname()[1], flush=True)
    asyncore.loop()
else:
    from aiosmtpd.controller import Controller

    class Handler:
        async def handle_DATA(self, server, session, envelope):
            store(session.peer, envelope.mail_from, envelope.rcpt_tos, envelope.content)
            return "250 OK"

    controller = Controller(Handler(), hostname="127.0.0.1", port=0)
    controller.start()
    print("PORT %d" % controller.server.sockets[0].getsockname()[1], flush=True)
    while True:
        time.sleep(3600)
