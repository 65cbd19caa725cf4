"""A stock XMPP client (Debian's python3-slixmpp) for the interop test: logs in over TCP with STARTTLS and a
password, joins a room it is a member of (XEP-0045, through slixmpp's own MUC plugin), sends one groupchat message,
waits for a given message from the room and exits. Prints one JSON line per event on stdout; the test reads them."""
import argparse
import asyncio
import json
import logging
import ssl
import sys

import slixmpp


def emit(**event):
    print(json.dumps(event), flush=True)


class Chat(slixmpp.ClientXMPP):
    def __init__(self, args):
        super().__init__(f"{args.jid}/slix", args.password)
        self.args = args
        # The embedded certificate is self-signed; a real deployment pins it or uses XMPP_TLS_CERT.
        self.ssl_context.check_hostname = False
        self.ssl_context.verify_mode = ssl.CERT_NONE
        self.register_plugin("xep_0045")
        self.add_event_handler("session_start", self.start)
        self.add_event_handler("groupchat_message", self.groupchat)
        self.add_event_handler("failed_auth", lambda _: emit(event="failed_auth"))
        self.add_event_handler("disconnected", lambda _: self.done.set_result(None) if not self.done.done() else None)
        self.done = asyncio.get_event_loop().create_future()

    async def start(self, _event):
        emit(event="session_start", jid=str(self.boundjid), mechanism=self.plugin["feature_mechanisms"].mech.name)
        _self, subject, occupants, _history = await self.plugin["xep_0045"].join_muc_wait(
            slixmpp.JID(self.args.room), "slix", maxstanzas=0, timeout=20
        )
        emit(
            event="joined",
            subject=subject["subject"],
            occupants=sorted(str(p["from"].resource) for p in occupants),
        )
        self.send_message(mto=self.args.room, mbody=self.args.send, mtype="groupchat")

    def groupchat(self, msg):
        emit(event="groupchat", sender=str(msg["from"]), body=msg["body"])
        if msg["body"] == self.args.expect:
            self.disconnect()


def main():
    parser = argparse.ArgumentParser()
    for name in ("host", "port", "jid", "password", "room", "send", "expect"):
        parser.add_argument(f"--{name}", required=True)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    client = Chat(args)
    client.connect(address=(args.host, int(args.port)))
    loop = asyncio.get_event_loop()
    loop.run_until_complete(asyncio.wait_for(client.done, 30))
    sys.exit(0)


main()
